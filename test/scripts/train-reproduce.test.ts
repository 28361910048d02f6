// `npm run train` (scripts/train/train.ts) is deterministic: training again on the committed corpus writes the
// committed weights, byte for byte (docs/scoring.md#the-embedded-model). The whole training runs: it takes under a minute.
import { expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { WEIGHTS } from '../../scripts/train/paths'

const ROOT = resolve(import.meta.dir, '../..')

test('npm run train reproduces the committed weights byte for byte, and they fit the 8 MB budget', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'train-'))
  try {
    const out = join(dir, 'weights.bin')
    const run = Bun.spawn(['bun', 'scripts/train/train.ts', '--out', out], {
      cwd: ROOT,
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [status, err] = await Promise.all([run.exited, new Response(run.stderr).text()])
    expect({ status, err }).toEqual({ status: 0, err: '' })
    const committed = readFileSync(WEIGHTS)
    expect(committed.byteLength).toBeLessThanOrEqual(8 * 1024 * 1024)
    expect(Buffer.compare(readFileSync(out), committed)).toBe(0)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 240_000)
