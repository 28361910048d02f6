import { randomBytes } from 'node:crypto'
import { readFileSync, readlinkSync } from 'node:fs'
import { hostname } from 'node:os'

/**
 * Where a process id means something: the host name, and on Linux the pid namespace, since two containers may share
 * a host name (and a database file) but not their process ids, and the boot, since two machines may share both (cloned
 * virtual machines keep the host name, and every host's own processes are in the same first pid namespace).
 */
export const LEASE_HOST = [
  hostname(),
  linuxFact(() => readlinkSync('/proc/self/ns/pid').replace(/\D/g, '')),
  linuxFact(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()),
]
  .filter(Boolean)
  .join('~')

/** A fact only Linux gives (through /proc), or '' elsewhere. */
function linuxFact(read: () => string): string {
  try {
    return read()
  } catch {
    return ''
  }
}

/**
 * A holder's name: host (with its pid namespace), process id, a random part (two runs in one process are two holders)
 * and the lease's length, so that another process can tell when the holder last renewed it (leaseStanding).
 */
export const newHolder = (ttlMs: number) => `${LEASE_HOST}:${process.pid}:${randomBytes(6).toString('hex')}:${ttlMs}`

/** How often a holder renews a lease of `ttlMs`: three times in its length, so one failed renewal does not lose it. */
export const renewEveryMs = (ttlMs: number) => Math.max(1000, Math.floor(ttlMs / 3))

// A renewal this much later than its interval is one the holder missed, not one a busy moment delayed.
const MISSED_RENEWAL = 1.5

/**
 * What an unexpired lease says of the run that holds it (docs/operations.md#one-pass-at-a-time): running while its
 * holder renews it; stopped when its holder is a process of this machine that is gone, or has not renewed it for over
 * one and a half times its interval (killed on another machine, hung, cut off from the database). `sinceRenewalMs`:
 * how long ago it was last renewed; `heldOn`: the holder is not known to be gone, so the lease stays until it expires
 * (a gone local holder is taken over at once). `expiresInMs` is by the database's clock; `ttlMs` is the length
 * assumed for a holder named before lengths were (this reader's own).
 */
export function leaseStanding(holder: string, expiresInMs: number, ttlMs: number) {
  const length = Number(holder.split(':')[3]) || ttlMs
  const sinceRenewalMs = Math.max(0, length - expiresInMs)
  const gone = isDeadLocalHolder(holder)
  if (!gone && sinceRenewalMs <= renewEveryMs(length) * MISSED_RENEWAL) return { running: true as const }
  return { running: false as const, sinceRenewalMs, heldOn: !gone }
}

/** A holder of this machine (same host, pid namespace and boot) whose process is gone. */
export function isDeadLocalHolder(holder: string): boolean {
  const [host, pid] = holder.split(':')
  if (host !== LEASE_HOST || !/^\d+$/.test(pid ?? '') || Number(pid) === process.pid) return false
  try {
    process.kill(Number(pid), 0)
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'ESRCH'
  }
  // A process that has exited but that its parent has not collected yet (a zombie: a supervisor or a container's
  // first process that does not reap) still takes a signal, yet will never renew: it is gone as well.
  return isZombie(Number(pid))
}

function isZombie(pid: number): boolean {
  try {
    // "pid (command) state …": the command may itself hold ") ", so the state is read after the last one.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat[stat.lastIndexOf(')') + 2] === 'Z'
  } catch {
    // No /proc (not Linux), or the process went meanwhile: not known to be a zombie.
    return false
  }
}
