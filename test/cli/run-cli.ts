import { createClient } from '@libsql/client'
import { copyFileSync, existsSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { HANG_GUARD_MS, untilOwnTime } from '../support/own-time'
import { tempDir } from '../support/temp-dirs'

const MAIN = resolve(import.meta.dir, '../../src/main.ts')

/**
 * The time a test may take in a file whose tests run the CLI a dozen times or more, one process after another: each
 * start of `bun src/main.ts` took 1-3 s on a loaded 2-core machine, and some 15 s at load 48, which took such tests
 * past the suite's 30 s and then past 120 s. Each command is bounded by its own time (runCli), so this only guards
 * against a hang.
 */
export const MANY_PROCESSES_MS = HANG_GUARD_MS

/** The longest a command may take of its own time (test/support/own-time.ts) before it is taken for hung. */
const COMMAND_OWN_MS = 60_000

export type CliResult = { code: number; stdout: string; stderr: string }

/** A temporary folder holding one database; the CLI runs with it as working directory. */
export type Workspace = { dir: string; dbUrl: string; file(name: string, text: string): string; cleanup(): void }

export function createWorkspace(): Workspace {
  const dir = tempDir('lead-signals-cli-')
  return {
    dir,
    dbUrl: `file:${join(dir, 'test.db')}`,
    file(name, text) {
      writeFileSync(join(dir, name), text)
      return name
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  }
}

/**
 * Workspaces that start with the database `setUp` made once: its first call runs it (CLI commands, each a process of
 * some 0.4 s of CPU), later ones copy the database it left (the file and its -wal, as a backup would be made of a
 * stopped database). For tests that each begin the same way, where those commands are not what they check.
 */
export function copiesOf(setUp: (ws: Workspace) => Promise<unknown>): { make(): Promise<Workspace>; cleanup(): void } {
  let template: Promise<Workspace> | undefined
  const made: Workspace[] = []
  return {
    async make() {
      template ??= (async () => {
        const ws = createWorkspace()
        made.push(ws)
        await setUp(ws)
        return ws
      })()
      const from = (await template).dbUrl.replace(/^file:/, '')
      const ws = createWorkspace()
      for (const suffix of ['', '-wal'])
        if (existsSync(from + suffix)) copyFileSync(from + suffix, ws.dbUrl.replace(/^file:/, '') + suffix)
      return ws
    },
    cleanup: () => {
      for (const ws of made.splice(0)) ws.cleanup()
    },
  }
}

/**
 * Workspaces that start with a database holding team `name` on the growth plan, made once by `team create`
 * (test/cli/team.test.ts checks it), for tests where the team is where they begin, not what they check.
 */
export const withTeam = (name: string) =>
  copiesOf((ws) => ok(ws, ['team', 'create', '--name', name, '--plan', 'growth']))

/** The inherited environment without LEAD_SIGNALS_* settings, so a developer's shell cannot change a test. */
export function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('LEAD_SIGNALS_')) env[k] = v
  return env
}

/** Runs the real CLI (`bun src/main.ts …`) as a separate process against the workspace's database. */
export async function runCli(
  ws: Workspace,
  args: string[],
  opts: {
    env?: Record<string, string>
    stdin?: string | Uint8Array
    timeoutMs?: number
    maxFileKiB?: number
    as?: string[]
    executable?: string
  } = {},
): Promise<CliResult> {
  // `as`: a command that runs the CLI as another user (`setpriv --reuid=… --regid=… --clear-groups`). `executable`: a
  // built executable instead of the source, for a user who may not read the checkout.
  const cli = opts.executable ? [opts.executable] : [process.execPath, MAIN]
  const command = [...(opts.as ?? []), ...cli, ...args]
  // A file size limit (the shell's `ulimit -f`, in KiB): a write past it fails as on a full disk, without root.
  const limited =
    opts.maxFileKiB === undefined
      ? command
      : ['bash', '-c', `ulimit -f ${opts.maxFileKiB} && exec "$@"`, 'bash', ...command]
  const proc = Bun.spawn(limited, {
    cwd: ws.dir,
    env: { ...cleanEnv(), LEAD_SIGNALS_DATABASE_URL: ws.dbUrl, LEAD_SIGNALS_SCORER_BACKEND: 'rules', ...opts.env },
    stdin: opts.stdin === undefined ? 'ignore' : new Blob([opts.stdin]),
    stdout: 'pipe',
    stderr: 'pipe',
  })
  // A command that should have stopped (a server started by mistake) is killed after `timeoutMs` of its own time:
  // SIGKILL, so its status is not 0-2. Any other is taken for hung after COMMAND_OWN_MS, and fails the test.
  const ended = untilOwnTime(
    `lead-signals ${args.join(' ')} to end`,
    () => proc.exitCode !== null || proc.signalCode !== null,
    { pid: proc.pid, waitMs: opts.timeoutMs ?? COMMAND_OWN_MS, whose: 'the command' },
  ).catch((e) => {
    proc.kill('SIGKILL')
    if (opts.timeoutMs === undefined) throw e
  })
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
    ended,
  ])
  return { code, stdout, stderr }
}

/** Runs a command that must succeed; fails the test with its stderr otherwise. */
export async function ok(
  ws: Workspace,
  args: string[],
  opts?: { env?: Record<string, string>; stdin?: string },
): Promise<string> {
  const r = await runCli(ws, args, opts)
  if (r.code !== 0) throw new Error(`lead-signals ${args.join(' ')} exited ${r.code}: ${r.stderr}`)
  return r.stdout
}

/** Rows of `sql` from the workspace's database, read with a separate connection. */
export async function query(
  ws: Workspace,
  sql: string,
  args: (string | number)[] = [],
): Promise<Record<string, unknown>[]> {
  const client = createClient({ url: ws.dbUrl })
  try {
    const rs = await client.execute({ sql, args })
    return rs.rows.map((row) => Object.fromEntries(rs.columns.map((c) => [c, row[c]])))
  } finally {
    client.close()
  }
}

/**
 * Every row of every table, to compare a database before and after a command. One connection for all of them: one
 * opened and closed per table (some 30) took 0.5 s of a dump on a loaded host, against 16-80 ms.
 */
export async function dump(ws: Workspace): Promise<Record<string, Record<string, unknown>[]>> {
  const client = createClient({ url: ws.dbUrl })
  const rowsOf = async (sql: string) => {
    const rs = await client.execute(sql)
    return rs.rows.map((row) => Object.fromEntries(rs.columns.map((c) => [c, row[c]])))
  }
  try {
    const out: Record<string, Record<string, unknown>[]> = {}
    for (const { name } of await rowsOf("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"))
      out[String(name)] = await rowsOf(`SELECT * FROM "${String(name)}" ORDER BY rowid`)
    return out
  } finally {
    client.close()
  }
}

/** One line of a `signals import` file: a Reddit post asking for a CRM, named by `postId`, with `fields` changed. */
export const signalLine = (postId: string, fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    postId,
    author: 'ann',
    platform: 'reddit',
    intent: 'ACTIVE',
    score: 8,
    reason: 'Asks for a CRM.',
    content: 'Which CRM should a five-person sales team use?',
    url: `https://www.reddit.com/r/sales/comments/${postId}`,
    keyword: 'crm',
    publishedAt: '2026-11-02T10:00:00Z',
    ...fields,
  })
