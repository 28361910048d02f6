import { readFileSync } from 'node:fs'

// Waits bounded by a process's own time: the time that passed, less the time its main thread stood ready to run while
// other processes had the CPUs. On a loaded two-core host (load 16 to 48) a `serve` that needs some 1.2 s of CPU to
// print its listening line took 15 s, and past 40 s now and then, queued for a CPU most of that time; a wall-clock
// bound then fails a test whose code did nothing wrong. A process that hangs (asleep on a lock, a socket, a timer) is
// not queued, so it is still given up on after the bound. Linux's /proc/PID/schedstat says how long a thread has
// queued (its second field, in ns); without it, the bound is wall time.

/** Bounded waits: generous, since they only matter when something is broken. */
export const OWN_WAIT_MS = 40_000

/**
 * The time limit of a test whose every wait is bounded by own time (a child's or this process's): only a guard
 * against a hang those waits miss. At load 48 on two cores backup.test.ts's rewrite test, 12 s unloaded, was still
 * running after 148 s; a wall-clock limit near that only measures the host.
 */
export const HANG_GUARD_MS = 600_000

/** Waits until `ok` holds, for at most `waitMs` of the own time of process `pid` (this process by default). */
export async function untilOwnTime(
  what: string,
  ok: () => boolean | Promise<boolean>,
  o: { pid?: number; waitMs?: number; whose?: string } = {},
) {
  const pid = o.pid ?? process.pid
  const waitMs = o.waitMs ?? OWN_WAIT_MS
  const started = Date.now()
  const queuedAtStart = queuedMs(pid) ?? 0
  let queued = queuedAtStart
  while (!(await ok())) {
    queued = queuedMs(pid) ?? queued
    if (Date.now() - started - (queued - queuedAtStart) > waitMs)
      throw new Error(`waited ${waitMs} ms of ${o.whose ?? 'this process'}'s own time for ${what}`)
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
