// An --out that cannot be opened for a reason less common than a missing folder (a read-only file system, a file
// where a folder should be, a loop of symbolic links) printed a raw command_failed log line and exited 1, instead of
// the one line naming the file, exit 2, that docs/operations.md#exporting-signals gives a path that cannot be written.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { createWorkspace, ok, runCli } from './run-cli'

const ws = createWorkspace()
beforeAll(async () => {
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
  ws.file('a-file', 'not a folder\n')
  symlinkSync('loop-b', join(ws.dir, 'loop-a'))
  symlinkSync('loop-a', join(ws.dir, 'loop-b'))
  mkdirSync(join(ws.dir, 'read-only'))
})
afterAll(() => ws.cleanup())

// A read-only file system without root: a mount namespace of the command's own (util-linux unshare), where the
// folder is one.
const readOnly = ['unshare', '-rm', 'sh', '-c', 'mount -t tmpfs -o ro tmpfs "$0" && exec "$@"', 'read-only']

const COMMANDS = [
  ['signals', 'export', '--team', 'acme'],
  ['people', 'export', '--team', 'acme'],
]

describe('export --out that cannot be opened', () => {
  for (const command of COMMANDS) {
    const name = command.join(' ')
    test(`${name}: a file where a folder should be, or a loop of links, is one line and exit 2`, async () => {
      for (const [out, why] of [
        ['a-file/leads.csv', 'a file stands in its path'],
        ['loop-a/leads.csv', 'its path loops through symbolic links'],
      ]) {
        const r = await runCli(ws, [...command, '--out', out])
        expect(r).toEqual({ code: 2, stdout: '', stderr: `lead-signals: cannot write "${out}": ${why}\n` })
      }
    })

    test(`${name}: a read-only file system is one line and exit 2`, async () => {
      const r = await runCli(ws, [...command, '--out', 'read-only/leads.csv'], { as: readOnly })
      expect(r).toEqual({
        code: 2,
        stdout: '',
        stderr: 'lead-signals: cannot write "read-only/leads.csv": it is on a read-only file system\n',
      })
      expect(readdirSync(join(ws.dir, 'read-only'))).toEqual([])
    })
  }
})

// A part left by an export that was killed (SIGKILL, the OOM killer, a container stopped) is named with the pid of
// the process that wrote it. In a container the command runs as pid 1 every time: the next export found its own part
// name taken and said the file existed, though it did not, with or without --force, and then removed that part.

describe('export --out beside the part a killed export left', () => {
  test('is written, and the part left is not taken for the file', async () => {
    for (const command of COMMANDS) {
      const out = `${command[0]}-pid1.csv`
      const left = ws.file(`${out}.1.partial`, 'half an export, killed\n')
      for (const force of [[], ['--force']]) {
        const r = await runCli(ws, [...command, '--out', out, ...force], { as: ['unshare', '-rpf'] })
        expect(r).toMatchObject({ code: 0, stderr: '' })
        expect(readFileSync(join(ws.dir, out), 'utf8')).toStartWith('id,')
        rmSync(join(ws.dir, out))
      }
      expect(readFileSync(join(ws.dir, left), 'utf8')).toBe('half an export, killed\n')
    }
  })
})

// `--out` naming the configured database with --force (a typo, a completion that picked the wrong file) renamed the
// export over it: the team's whole database became a CSV, and the next start found it damaged.
describe('export --out naming the database', () => {
  test('is refused, with or without --force, and the database is left as it was', async () => {
    for (const command of COMMANDS)
      for (const out of ['test.db', './test.db', 'test.db-wal', 'test.db-shm'])
        for (const force of [[], ['--force']]) {
          const r = await runCli(ws, [...command, '--out', out, ...force])
          expect(r).toEqual({
            code: 2,
            stdout: '',
            stderr: `lead-signals: cannot write "${out}": it is the database (database.url) or one of its files; give another file\n`,
          })
        }
    expect(await ok(ws, ['team', 'list'])).toContain('acme')
  }, 120_000)
})
