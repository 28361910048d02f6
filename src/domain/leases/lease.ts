import { createOutage } from '../../lib/outage'
import type { Needs } from '../needs'
import { isDeadLocalHolder, newHolder, renewEveryMs } from './holder'
import { answeredWithin, LeaseLapsed } from './lapse'

export { LEASE_HOST } from './holder'
export { LeaseLapsed } from './lapse'

// The clock only dates when the database last answered (for the stall report); whether a lease is live is the
// database's time.
export type LeaseDeps = Needs<'clock' | 'log', 'jobLeases'>

/**
 * A lease held by this run of a job: `lost` aborts if another process took it over or it lapsed; `lapsed` rejects
 * when the database stopped answering it (LeaseLapsed); release when done.
 */
type Lease = { holder: string; lost: AbortSignal; lapsed: Promise<never>; release(): Promise<void> }

/**
 * Takes the database lease `name` for one run of a job, or says who holds it. The holder is named by newHolder
 * (holder.ts). While held it is renewed every third of `ttlMs`; a holder that stops renewing (killed, hung,
 * disconnected) loses it at expiry. A holder on this host whose process is gone is taken over at once, so a restart
 * after a crash does not wait for the expiry. A database that does not answer for `ttlMs`, when the lease is asked
 * for or while it is renewed, makes it lapse (LeaseLapsed, lapse.ts).
 */
async function takeLease(deps: LeaseDeps, name: string, ttlMs: number): Promise<Lease | { heldBy: string }> {
  const holder = newHolder(ttlMs)
  const leases = deps.repos.jobLeases
  // No clock of ours: whether a lease is live is the database's time, one clock for every host on it.
  let answeredAt = deps.clock.now().toISOString()
  const lapse = () => new LeaseLapsed(name, answeredAt, Math.round(ttlMs / 1000))
  const asked = <T>(call: Promise<T>) => answeredWithin(call, ttlMs, lapse)
  let current = await asked(leases.acquire(name, holder, ttlMs))
  if (current !== holder && isDeadLocalHolder(current)) {
    if (await asked(leases.takeOver(name, current, holder, ttlMs))) {
      deps.log.warn('lease_taken_over', { job: name, from: current })
      current = holder
    }
  }
  if (current !== holder) return { heldBy: current }

  const lost = new AbortController()
  // Armed again at each renewal the database answers, even with a failure (that is a hiccup, below): a run whose
  // database stopped answering altogether is stopped and given up on.
  let deadline: ReturnType<typeof setTimeout> | undefined
  let lapsed: ((err: LeaseLapsed) => void) | undefined
  const given = new Promise<never>((_resolve, reject) => {
    lapsed = reject
  })
  given.catch(() => {})
  const arm = () => {
    answeredAt = deps.clock.now().toISOString()
    clearTimeout(deadline)
    // A renewal answering after the release arms nothing.
    if (!lapsed) return
    deadline = setTimeout(() => {
      const err = lapse()
      lapsed?.(err)
      lapsed = undefined
      lost.abort(err)
    }, ttlMs)
  }
  arm()
  let renewing = false
  // Renewals that fail (a full disk, a read-only database) fail every third of the lease for as long as that lasts:
  // the log tells the failures' beginning, reminds every 15 minutes and tells their end, not each renewal.
  const failing = createOutage(() => deps.clock.now())
  const renew = async () => {
    // One renewal at a time: a database that does not answer is not sent a pile of them.
    if (renewing) return
    renewing = true
    try {
      const renewed = await leases.renew(name, holder, ttlMs)
      arm()
      // The database answers again; a renewal that finds the lease taken over says that instead.
      const ended = failing.ended()
      if (ended && renewed) deps.log.info('lease_renewed', { job: name, ...ended })
      if (!renewed) {
        deps.log.warn('lease_lost', { job: name, ...ended })
        lost.abort()
      }
    } catch (err) {
      arm()
      // A database hiccup is not a lost lease; the next renewal tries again before the expiry.
      const told = failing.failed()
      if (told?.tell === 'began') deps.log.warn('lease_renewal_failed', { job: name, err })
      else if (told)
        deps.log.warn('lease_renewal_still_failing', { job: name, since: told.since, failures: told.failures, err })
    } finally {
      renewing = false
    }
  }
  const timer = setInterval(renew, renewEveryMs(ttlMs))
  timer.unref?.()
  return {
    holder,
    lost: lost.signal,
    lapsed: given,
    async release() {
      clearInterval(timer)
      clearTimeout(deadline)
      const gone = lapsed === undefined
      lapsed = undefined
      // Not after a lapse: the database may not answer that either, and the row expires by itself.
      if (!gone) await asked(leases.release(name, holder))
    },
  }
}

/**
 * Runs `work` under the lease `name` (see takeLease), or answers `heldBy` without running it. `work` gets one signal
 * that aborts on `a.signal` (shutdown) or when the lease is lost, and the lease is released however it ends. When the
 * lease lapses, `work` is given up on at once (LeaseLapsed): it may wait on the database for good. Its signal has
 * aborted, so if its call ever answers it stops at its next safe point; what it stored is stored once either way.
 */
export async function withLease<T>(
  deps: LeaseDeps,
  a: { name: string; ttlMs: number; signal?: AbortSignal },
  work: (stop: AbortSignal) => Promise<T>,
): Promise<{ done: T } | { heldBy: string }> {
  const lease = await takeLease(deps, a.name, a.ttlMs)
  if ('heldBy' in lease) return lease
  try {
    const running = work(a.signal ? AbortSignal.any([a.signal, lease.lost]) : lease.lost)
    running.catch(() => {})
    return { done: await Promise.race([running, lease.lapsed]) }
  } finally {
    await lease.release()
  }
}
