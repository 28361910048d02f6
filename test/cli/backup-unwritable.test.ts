import { afterAll, afterEach, beforeEach, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { chmodSync, mkdtempSync, openSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dump, MANY_PROCESSES_MS, ok, runCli, signalLine, type Workspace, withTeam } from './run-cli'

// docs/operations.md#backups-and-restore: `backup --to` a place that cannot take the file said the system's code
// ("cannot be created (EROFS)", "(EACCES)", "(ENOSPC)"), and a disk that filled during the copy left the copy's
// -journal behind. Each is now one line saying why, and nothing is left there.
setDefaultTimeout(MANY_PROCESSES_MS)

const ROOT = process.getuid?.() === 0
// Each test on a database of its own holding team acme (test/cli/team.test.ts checks team create).
const withAcme = withTeam('acme')
let ws: Workspace
const undo: (() => void)[] = []
beforeEach(async () => {
  ws = await withAcme.make()
})
afterEach(() => {
  while (undo.length) undo.pop()?.()
  ws.cleanup()
})
afterAll(() => withAcme.cleanup())

/** A small file system of its own (a read-only one, a full one): root and mount, as CI has; elsewhere it fails. */
function mounted(options: string): string {
  if (!ROOT) throw new Error('this test needs root, to mount a tmpfs')
  const dir = mkdtempSync(join(tmpdir(), 'ls-backup-fs-'))
  const mount = Bun.spawnSync(['mount', '-t', 'tmpfs', '-o', options, 'tmpfs', dir])
  if (mount.exitCode !== 0) {
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`this test needs mount -t tmpfs: ${mount.stderr.toString()}`)
  }
  undo.push(() => {
    Bun.spawnSync(['umount', dir])
    rmSync(dir, { recursive: true, force: true })
  })
  return dir
}

/** A folder this user may not create a file in: one without write permission, or, for root, one of sysfs'. */
function denied(): string {
  if (!ROOT) {
    const dir = mkdtempSync(join(tmpdir(), 'ls-backup-denied-'))
    chmodSync(dir, 0o500)
    undo.push(() => rmSync(dir, { recursive: true, force: true }))
    return dir
  }
  try {
    openSync('/sys/lead-signals-probe.db', 'wx')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EACCES') return '/sys'
  }
  throw new Error('root may create files in /sys here: no folder stops this user')
}

async function refused(dir: string, code: number, line: string) {
  const before = await dump(ws)
  const r = await runCli(ws, ['backup', '--to', join(dir, 'backup.db')])
  expect(r).toEqual({ code, stdout: '', stderr: `lead-signals: backup: ${line}\n` })
  if (dir !== '/sys') expect(readdirSync(dir)).toEqual([])
  expect(await dump(ws)).toEqual(before)
}

const ELSEWHERE = 'give a file in an existing, writable directory'

describe('backup --to a place that cannot take it', () => {
  test('a read-only file system (EROFS)', async () => {
    await refused(
      mounted('ro,size=1m'),
      2,
      `the file (--to) cannot be created: it is on a read-only file system; ${ELSEWHERE}`,
    )
  })

  test('a folder this user may not write in (EACCES)', async () => {
    await refused(
      denied(),
      2,
      `the file (--to) cannot be created: this user may not create it there (permission denied); ${ELSEWHERE}`,
    )
  })

  test('a disk with no room for one more file (ENOSPC as it is created)', async () => {
    await refused(mounted('size=64k,nr_inodes=1'), 1, 'the file (--to) cannot be created: the disk is full')
  })

  test('a disk that fills during the copy (ENOSPC): nothing is left, not even its -journal', async () => {
    // A database of a few MB: its copy spills pages to a -journal beside the part before the disk fills.
    const text = (i: number) =>
      Array.from({ length: 300 }, (_, k) => ((i * 7919 + k * 104729) % 9973).toString(36)).join(' ')
    const lines = Array.from({ length: 1500 }, (_, i) =>
      signalLine(`big-${i}`, { reason: text(i), content: text(i + 1) }),
    )
    await ok(ws, ['signals', 'import', '--team', 'acme', ws.file('big.jsonl', `${lines.join('\n')}\n`)])
    await refused(
      mounted('size=64k'),
      1,
      'the copy could not be written to the file (--to): the disk is full; it was removed',
    )
  })
})
