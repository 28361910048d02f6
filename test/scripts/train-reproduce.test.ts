// `npm run train` (scripts/train/train.ts) is deterministic: training again on the committed corpus writes the
// committed weights, every set, byte for byte (docs/model.md#the-embedded-model). The whole training runs: about a
// minute on two cores, more on one.
import { expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { WEIGHTS_FILES } from '../../scripts/train/paths'

const ROOT = resolve(import.meta.dir, '../..')

test('npm run train reproduces the committed weights byte for byte, and they fit the 8 MB budget', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'train-'))
  try {
    const run = Bun.spawn(['bun', 'scripts/train/train.ts', '--out', dir], {
      cwd: ROOT,
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [status, err] = await Promise.all([run.exited, new Response(run.stderr).text()])
    expect({ status, err }).toEqual({ status: 0, err: '' })
    const paths = Object.values(WEIGHTS_FILES)
    const committed = paths.map((path) => readFileSync(path))
    expect(committed.length).toBe(3)
    expect(committed.reduce((bytes, file) => bytes + file.byteLength, 0)).toBeLessThanOrEqual(8 * 1024 * 1024)
    for (const [k, path] of paths.entries())
      expect(Buffer.compare(readFileSync(join(dir, basename(path))), committed[k] as Buffer)).toBe(0)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 480_000)
