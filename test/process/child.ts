// Running lead-signals as real child processes (`bun src/main.ts …`) against one database file, for the tests that
// need separate processes: concurrent passes, a kill in the middle of a pass, and shutdown on a signal.
import { createClient } from '@libsql/client'
import type { Subprocess } from 'bun'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { ConfigInput } from '../../src/config/schema'
import { buildDeps, type Deps } from '../../src/deps'
import { silentLogger } from '../support/log'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import { testConfig, toToml } from '../support/deps'

const MAIN = resolve(import.meta.dir, '../../src/main.ts')
// Bounded waits: generous, since they only matter when something is broken. 15 s was not: on a loaded two-core host
// (load average 27) `serve` took 18 s to print its listening line, and poll --once as long to end, failing tests
// whose own time limit was far from reached. A test's time limit still bounds every wait.
const WAIT_MS = 40_000

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
  /** Waits until `test` holds for the output so far. */
  waitForOutput(what: string, test: (out: { stdout: string; stderr: string }) => boolean): Promise<void>
  /** The exit status (null when a signal ended it), waiting at most a bounded time. */
  exited(waitMs?: number): Promise<number | null>
}

/** Starts `lead-signals ARGS --config …` in the world's folder, with no LEAD_SIGNALS_* variable inherited. */
export function spawnChild(world: ProcessWorld, args: string[]): Child {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('LEAD_SIGNALS_')) env[k] = v
  const proc = Bun.spawn([process.execPath, MAIN, ...args, ...world.configArgs], {
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
  return {
    proc,
    stdout: () => out,
    stderr: () => err,
    waitForOutput: (what, test) =>
      untilChild(proc.pid, what, () => test({ stdout: out, stderr: err })).catch((e: Error) => {
        throw new Error(`${e.message}\nstdout:\n${out}\nstderr:\n${err}`)
      }),
    async exited(waitMs = WAIT_MS) {
      const ended = () => proc.exitCode !== null || proc.signalCode !== null
      await untilChild(proc.pid, 'the child to exit', ended, waitMs).catch(() => {
        proc.kill('SIGKILL')
        throw new Error(`the child did not exit within ${waitMs} ms of its own\nstdout:\n${out}\nstderr:\n${err}`)
      })
      await drained
      return proc.signalCode ? null : proc.exitCode
    },
  }
}

/** Runs a command to its end: exit status and output. */
export async function runChild(world: ProcessWorld, args: string[], waitMs = WAIT_MS) {
  const child = spawnChild(world, args)
  const code = await child.exited(waitMs)
  return { code, stdout: child.stdout(), stderr: child.stderr() }
}

/** Waits (bounded) until `ok` holds. */
export async function until(what: string, ok: () => boolean | Promise<boolean>, waitMs = WAIT_MS) {
  const deadline = Date.now() + waitMs
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`waited ${waitMs} ms for ${what}`)
    await Bun.sleep(10)
  }
}

/**
 * Waits (bounded) until `ok` holds, as `until`, except that the time the child stood ready to run while other
 * processes had the CPUs is not counted: on a loaded host (load 16 to 30 on two cores) a `serve` that needs some
 * 1.2 s of CPU to print its listening line took 15 s, and past 40 s now and then, its main thread queued for a CPU
 * most of that time. A child that hangs (asleep on a lock, a socket, a timer) is still given up on after `waitMs`.
 * Linux's /proc/PID/schedstat says how long a thread has queued (its second field, in ns); without it, wall time.
 */
async function untilChild(pid: number, what: string, ok: () => boolean, waitMs = WAIT_MS) {
  const started = Date.now()
  const queuedAtStart = queuedMs(pid) ?? 0
  let queued = queuedAtStart
  while (!ok()) {
    queued = queuedMs(pid) ?? queued
    if (Date.now() - started - (queued - queuedAtStart) > waitMs)
      throw new Error(`waited ${waitMs} ms of the child's own time for ${what}`)
    await Bun.sleep(10)
  }
}

/** How long the process's main thread has waited on a run queue, or undefined once it has gone. */
function queuedMs(pid: number): number | undefined {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6
  } catch {
    return undefined
  }
}

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
