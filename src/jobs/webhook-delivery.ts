import type { Deps } from '../deps'
import { claimDue, runAttempt, untilFirstPauseEnds } from '../domain/webhooks/deliver'
import { buildDueWindows } from '../domain/webhooks/digests'
import { answeredWithin, LeaseLapsed } from '../domain/leases/lapse'
import { newId } from '../lib/ids'
import { createOutage } from '../lib/outage'

// How often due attempts are looked for: a new signal's first attempt goes within about this long.
const TICK_MS = 1000
// Attempts in flight at once in this process; a slow receiver (up to 15 s) holds one place, not the others.
const MAX_IN_FLIGHT = 16
// Places one destination may hold, counted over every process: a receiver that never answers keeps 4 places for 15 s,
// and the other 12 go on sending to everyone else. 4 at once is more than Slack, Discord or Teams accept anyway; fewer
// while the receiver's last answer said fewer requests remain (docs/destinations.md#rate-limits: the claim's share).
const PER_DESTINATION = 4
// How often windows that ended are built into digests and e-mail batches (each claimed once: digests.ts).
const WINDOWS_EVERY_MS = 10_000
// A look (windows, claims) takes milliseconds, seconds on a busy libSQL server: one not answered within this is taken
// for a database that stopped answering, given up on and told (docs/operations.md#a-job-that-hangs), as a lease is.
const STALL_MS = 60_000
// The job as GET /readyz names it when it is stuck (docs/api.md#health).
const DELIVERY = 'webhook delivery'

type DeliveryWorker = { stop(): Promise<void> }

/**
 * The webhook delivery worker `serve` runs (docs/webhooks.md#delivery): it claims the attempts that are due (each
 * claimed by one process only: domain/webhooks/deliver.ts) and sends them, up to 16 at once and 4 to one destination,
 * without waiting for the slow ones before claiming more. It looks again a second later, as soon as an attempt
 * ends and frees a place (a burst of new signals), or when a destination's pause ends, if that is sooner. stop() ends
 * the loop and waits for the attempts in flight (each bounded to 15 s).
 */
export function startDeliveryWorker(deps: Deps, a: { stallMs?: number } = {}): DeliveryWorker {
  const stallMs = a.stallMs ?? STALL_MS
  const holder = newId('worker')
  const inFlight = new Set<Promise<void>>()
  let windowsAt = 0
  let stopped = false
  // Set when an attempt ends, also while the loop is claiming, so that it claims again at once instead of pausing.
  let freed = false
  let endPause = () => {}
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (freed || stopped) return resolve()
      const timer = setTimeout(resolve, ms)
      endPause = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  const wake = () => {
    freed = true
    endPause()
  }

  /**
   * Claims what is due, as many as there are free places; says how long to wait before the next look: a tick, or
   * less when a destination's pause ends sooner, so that its deliveries go when its receiver takes them again
   * (docs/destinations.md#rate-limits), not up to a second later.
   */
  const tick = async (): Promise<number> => {
    if (Date.now() - windowsAt >= WINDOWS_EVERY_MS) {
      windowsAt = Date.now()
      await buildDueWindows(deps)
    }
    const room = MAX_IN_FLIGHT - inFlight.size
    if (room <= 0) return TICK_MS
    for (const d of await claimDue(deps, { holder, limit: room, perDestination: PER_DESTINATION })) {
      const run: Promise<void> = runAttempt(deps, d)
        .catch((err) => deps.log.error('webhook_attempt_failed', { delivery: d.id, err }))
        .finally(() => {
          inFlight.delete(run)
          wake()
        })
      inFlight.add(run)
    }
    return Math.min(TICK_MS, (await untilFirstPauseEnds(deps)) ?? TICK_MS)
  }
  // A database gone away fails every tick, once a second: the log tells the outage, not each tick. One that stopped
  // answering is given up on after stallMs, told once, and shown on /readyz until it answers; the look given up on
  // goes on by itself if it is ever answered (each attempt is claimed once, so nothing is sent twice).
  const outage = createOutage(() => deps.clock.now())
  let answeredAt = deps.clock.now().toISOString()
  const stalled = () => new LeaseLapsed(DELIVERY, answeredAt, Math.round(stallMs / 1000))
  const loop = (async () => {
    while (!stopped) {
      freed = false
      let wait = TICK_MS
      await answeredWithin(tick(), stallMs, stalled).then(
        (ms) => {
          wait = ms
          answered()
          const ended = outage.ended()
          if (ended) deps.log.info('job_recovered', { job: 'webhooks', ...ended })
        },
        (err) => {
          if (err instanceof LeaseLapsed) return tellStalled(err)
          answered()
          const told = outage.failed()
          if (told?.tell === 'began') deps.log.error('job_failed', { job: 'webhooks', err })
          else if (told)
            deps.log.error('job_still_failing', { job: 'webhooks', since: told.since, failures: told.failures, err })
        },
      )
      if (stopped) break
      await pause(wait)
    }
  })()
  function answered() {
    answeredAt = deps.clock.now().toISOString()
    deps.stuck.answered(DELIVERY)
  }
  function tellStalled(err: LeaseLapsed) {
    // Part of the outage, so that its end is told, but told here, with when the database last answered.
    outage.failed()
    const stuck = deps.stuck.stuck(DELIVERY, err.since)
    if (!stuck.already)
      deps.log.warn('job_stalled', {
        job: 'webhooks',
        since: stuck.since,
        waitedSeconds: err.seconds,
        next: 'due attempts are looked for again at once, and sent once the database answers',
      })
  }
  return {
    async stop() {
      stopped = true
      wake()
      await loop
      await Promise.all(inFlight)
    },
  }
}
