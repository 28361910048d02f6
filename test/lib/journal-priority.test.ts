import { afterEach, expect, test } from 'bun:test'
import { mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

// docs/operations.md#logs: under systemd (deploy/lead-signals.service) stderr is a stream to the journal, which reads a
// line's priority from a `<N>` before it (sd-daemon(3): <3> error, <4> warning, <6> info) and otherwise gives it the
// unit's default, info. systemd names that stream in JOURNAL_STREAM, as its device and inode numbers `DEV:INO`
// (systemd.exec(5)), so a process can tell its stderr is the journal's. Here stderr is a file named so: what journald
// would read is the file's lines, each with its priority taken off the front as journald does.

const LOG = resolve(import.meta.dir, '../../src/lib/log.ts')
const MAIN = resolve(import.meta.dir, '../../src/main.ts')
const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** The stderr of a process that logs one line at each level, written to a file; `journal` names it as systemd would. */
function logged(journal: (file: string) => string | undefined, args?: string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'ls-journal-'))
  dirs.push(dir)
  const file = join(dir, 'stderr')
  const fd = openSync(file, 'w')
  const script = `import { createLogger } from ${JSON.stringify(LOG)}
const log = createLogger()
log.info('scheduler_started', {})
log.warn('lease_lost', { job: 'poll' })
log.error('job_failed', { job: 'webhooks', err: new Error('the disk is full') })`
  const env: Record<string, string | undefined> = { ...process.env, JOURNAL_STREAM: journal(file) }
  const run = Bun.spawnSync([process.execPath, ...(args ?? ['-e', script])], { stdio: ['ignore', 'ignore', fd], env })
  expect(run.exitCode).toBe(args ? 2 : 0)
  return readFileSync(file, 'utf8').trimEnd().split('\n')
}

/** A journal stream's reading of a line (sd-daemon(3)): its priority, and the message after the prefix. */
const journald = (line: string) => {
  const prefixed = /^<([0-7])>/.exec(line)
  return { priority: prefixed ? Number(prefixed[1]) : 6, message: JSON.parse(prefixed ? line.slice(3) : line) }
}

test('on the journal, each line carries its level as the priority journald reads; the JSON after it is whole', () => {
  const lines = logged((file) => `${statSync(file).dev}:${statSync(file).ino}`).map(journald)
  expect(lines.map((l) => [l.priority, l.message.level, l.message.event])).toEqual([
    [6, 'info', 'scheduler_started'],
    [4, 'warn', 'lease_lost'],
    [3, 'error', 'job_failed'],
  ])
  expect(lines[2].message.err).toBe('the disk is full')
})

test('the line a command stops with (a refused configuration: the one systemctl status shows) is an error there', () => {
  const stream = (file: string) => `${statSync(file).dev}:${statSync(file).ino}`
  const [line] = logged(stream, [MAIN, 'serve', '--config', join(tmpdir(), 'ls-journal-none', 'missing.toml')])
  expect(line).toBe('<3>lead-signals: config: cannot read the configuration file given by --config: no such file')
})

test('elsewhere (a file, a pipe, docker logs; JOURNAL_STREAM of another stream or none) the lines are JSON alone', () => {
  for (const other of [() => undefined, (file: string) => `${statSync(file).dev}:${statSync(file).ino + 1}`]) {
    const lines = logged(other)
    expect(lines.map((l) => JSON.parse(l).event)).toEqual(['scheduler_started', 'lease_lost', 'job_failed'])
  }
})
