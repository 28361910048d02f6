// Running lead-signals as real child processes (`bun src/main.ts …`) against one database file, for the tests that
// need separate processes: concurrent passes, a kill in the middle of a pass, and shutdown on a signal.
import { createClient } from '@libsql/client'
import type { Subprocess } from 'bun'
import { resolve } from 'node:path'
import type { ConfigInput } from '../../src/config/schema'
import { buildDeps, type Deps } from '../../src/deps'
import { silentLogger } from '../support/log'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import { testConfig, toToml } from '../support/deps'
import { OWN_WAIT_MS, untilOwnTime } from '../support/own-time'

const MAIN = resolve(import.meta.dir, '../../src/main.ts')

/**
 * A workspace whose database the children share (a file in it, or `dbUrl`, e.g. a libSQL server's), with one
 * configuration file.
 */
export type ProcessWorld = Workspace & { configArgs: string[] }

export function processWorld(config: Record<string, unknown>, dbUrl?: string): ProcessWorld {
  const ws = createWorkspace()
  if (dbUrl) ws.dbUrl = dbUrl
  const name = ws.file('lead-signals.toml', toToml({ database: { url: ws.dbUrl }, ...config }))
  return { ...ws, configArgs: ['--config', name] }
}

/** Runs `seed` in this process on the world's database (fast set-up: no CLI process per team or keyword). */
export async function seedDatabase<T>(
  world: ProcessWorld,
  config: Record<string, unknown>,
  seed: (deps: Deps) => Promise<T>,
): Promise<T> {
  const deps = await buildDeps(testConfig({ ...config, database: { url: world.dbUrl } } as Partial<ConfigInput>), {
    log: silentLogger,
  })
  try {
    return await seed(deps)
  } finally {
    deps.database.client.close()
  }
}

export type Child = {
  proc: Subprocess<'ignore', 'pipe', 'pipe'>
  stdout(): string
  stderr(): string
  /** Waits until `ok` holds, counting the child's own time (test/support/own-time.ts): for what the child does. */
  until(what: string, ok: () => boolean): Promise<void>
  /** Waits until `test` holds for the output so far. */
  waitForOutput(what: string, test: (out: { stdout: string; stderr: string }) => boolean): Promise<void>
  /** The exit status (null when a signal ended it), waiting at most a bounded time. */
  exited(waitMs?: number): Promise<number | null>
}

/**
 * Starts `lead-signals ARGS --config …` in the world's folder, with no LEAD_SIGNALS_* variable inherited; `preload`, a
 * script the runtime loads first (to act at a given moment inside the child).
 */
export function spawnChild(world: ProcessWorld, args: string[], opts: { preload?: string } = {}): Child {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('LEAD_SIGNALS_')) env[k] = v
  const preload = opts.preload ? ['--preload', opts.preload] : []
  const proc = Bun.spawn([process.execPath, ...preload, MAIN, ...args, ...world.configArgs], {
    cwd: world.dir,
    env,
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  let out = ''
  let err = ''
  const drain = async (stream: ReadableStream<Uint8Array>, add: (s: string) => void) => {
    const decoder = new TextDecoder()
    for await (const chunk of stream) add(decoder.decode(chunk, { stream: true }))
  }
  const drained = Promise.all([
    drain(proc.stdout, (s) => {
      out += s
    }),
    drain(proc.stderr, (s) => {
      err += s
    }),
  ])
  const untilChild = (what: string, ok: () => boolean, waitMs = OWN_WAIT_MS) =>
    untilOwnTime(what, ok, { pid: proc.pid, waitMs, whose: 'the child' })
  return {
    proc,
    stdout: () => out,
    stderr: () => err,
    until: (what, ok) =>
      untilChild(what, ok).catch((e: Error) => {
        throw new Error(`${e.message}\nstdout:\n${out}\nstderr:\n${err}`)
      }),
    waitForOutput: (what, test) =>
      untilChild(what, () => test({ stdout: out, stderr: err })).catch((e: Error) => {
        throw new Error(`${e.message}\nstdout:\n${out}\nstderr:\n${err}`)
      }),
    async exited(waitMs = OWN_WAIT_MS) {
      const ended = () => proc.exitCode !== null || proc.signalCode !== null
      await untilChild('the child to exit', ended, waitMs).catch(() => {
        proc.kill('SIGKILL')
        throw new Error(`the child did not exit within ${waitMs} ms of its own\nstdout:\n${out}\nstderr:\n${err}`)
      })
      await drained
      return proc.signalCode ? null : proc.exitCode
    },
  }
}

/** Runs a command to its end: exit status and output. */
export async function runChild(world: ProcessWorld, args: string[], waitMs = OWN_WAIT_MS) {
  const child = spawnChild(world, args)
  const code = await child.exited(waitMs)
  return { code, stdout: child.stdout(), stderr: child.stderr() }
}

/** Waits until `ok` holds, for at most `waitMs` of this process's own time (test/support/own-time.ts). */
export const until = (what: string, ok: () => boolean | Promise<boolean>, waitMs = OWN_WAIT_MS) =>
  untilOwnTime(what, ok, { waitMs })

/** Rows read through a connection of this process, as a separate process would see them. */
export async function rows(world: Workspace, sql: string): Promise<Record<string, unknown>[]> {
  const client = createClient({ url: world.dbUrl })
  try {
    const rs = await client.execute(sql)
    return rs.rows.map((r) => Object.fromEntries(rs.columns.map((c) => [c, r[c]])))
  } finally {
    client.close()
  }
}

export const countOf = async (world: Workspace, table: string) =>
  Number((await rows(world, `select count(*) as n from ${table}`))[0].n)

/** The time limit of a test whose cutMidway may make four tries, each of a few processes (20 s and more each on a
 * loaded host). */
export const CUT_TRIES_MS = 120_000

/**
 * For a test that stops a child (a signal, kill -9) once it sees the work under way: on a loaded host the work can
 * end between two looks, and the signal then finds it done. `attempt` makes one try and returns what the test goes on
 * with, or undefined after checking itself that its signal came after the end (the outcome of a whole run); such a
 * try is made again, up to `tries` times in all, after which the test fails.
 */
export async function cutMidway<T>(what: string, attempt: () => Promise<T | undefined>, tries = 4): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const cut = await attempt()
    if (cut !== undefined) return cut
  }
  throw new Error(`${what}: the signal found the work already done ${tries} times running`)
}

/** `serve` in the world, killed outright by `cleanup` at the test's end. */
export function serveChild(world: ProcessWorld, cleanup: (() => unknown)[]): Child {
  const child = spawnChild(world, ['serve'])
  cleanup.push(() => child.proc.kill('SIGKILL'))
  return child
}

/** The address a `serve` child listens on, once its listening line is out. */
export async function urlOf(child: Child): Promise<string> {
  await child.waitForOutput('the listening line', (o) => o.stdout.includes('"event":"listening"'))
  return /"url":"([^"]+)"/.exec(child.stdout())![1].replace(/\/$/, '')
}
