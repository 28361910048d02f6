import type { Deps } from '../deps'
import { claimDue, runAttempt, untilFirstPauseEnds } from '../domain/webhooks/deliver'
import { buildDueWindows } from '../domain/webhooks/digests'
import { newId } from '../lib/ids'
import { createOutage } from '../lib/outage'

// How often due attempts are looked for: a new signal's first attempt goes within about this long.
const TICK_MS = 1000
// Attempts in flight at once in this process; a slow receiver (up to 15 s) holds one place, not the others.
const MAX_IN_FLIGHT = 16
// Places one destination may hold, counted over every process: a receiver that never answers keeps 4 places for 15 s,
// and the other 12 go on sending to everyone else. 4 at once is more than Slack, Discord or Teams accept anyway.
const PER_DESTINATION = 4
// How often windows that ended are built into digests and e-mail batches (each claimed once: digests.ts).
const WINDOWS_EVERY_MS = 10_000

export type DeliveryWorker = { stop(): Promise<void> }

/**
 * The webhook delivery worker `serve` runs (docs/webhooks.md#delivery): it claims the attempts that are due (each
 * claimed by one process only: domain/webhooks/deliver.ts) and sends them, up to 16 at once and 4 to one destination,
 * without waiting for the slow ones before claiming more. It looks again a second later, as soon as an attempt
 * ends and frees a place (a burst of new signals), or when a destination's pause ends, if that is sooner. stop() ends
 * the loop and waits for the attempts in flight (each bounded to 15 s).
 */
export function startDeliveryWorker(deps: Deps): DeliveryWorker {
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
  // A database gone away fails every tick, once a second: the log tells the outage, not each tick.
  const outage = createOutage(() => deps.clock.now())
  const loop = (async () => {
    while (!stopped) {
      freed = false
      let wait = TICK_MS
      await tick().then(
        (ms) => {
          wait = ms
          const ended = outage.ended()
          if (ended) deps.log.info('job_recovered', { job: 'webhooks', ...ended })
        },
        (err) => {
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
  return {
    async stop() {
      stopped = true
      wake()
      await loop
      await Promise.all(inFlight)
    },
  }
}
