import type { Deps } from '../deps'
import { claimDue, runAttempt } from '../domain/webhooks/deliver'
import { buildDueWindows } from '../domain/webhooks/digests'
import { newId } from '../lib/ids'
import { createOutage } from '../lib/outage'

// How often due attempts are looked for: a new signal's first attempt goes within about this long.
const TICK_MS = 1000
// Attempts in flight at once in this process; a slow receiver (up to 15 s) holds one place, not the others.
const MAX_IN_FLIGHT = 16
// How often windows that ended are built into digests and e-mail batches (each claimed once: digests.ts).
const WINDOWS_EVERY_MS = 10_000

export type DeliveryWorker = { stop(): Promise<void> }

/**
 * The webhook delivery worker `serve` runs (docs/webhooks.md#delivery): it claims the attempts that are due (each
 * claimed by one process only: domain/webhooks/deliver.ts) and sends them, up to 16 at once, without waiting for the
 * slow ones before claiming more. It looks again a second later, or as soon as a place frees up when every place was
 * taken (a burst of new signals). stop() ends the loop and waits for the attempts in flight (each bounded to 15 s).
 */
export function startDeliveryWorker(deps: Deps): DeliveryWorker {
  const holder = newId('worker')
  const inFlight = new Set<Promise<void>>()
  let windowsAt = 0
  let stopped = false
  let wake = () => {}
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })

  /** Claims what is due, as many as there are free places; answers whether every place is now taken. */
  const tick = async () => {
    if (Date.now() - windowsAt >= WINDOWS_EVERY_MS) {
      windowsAt = Date.now()
      await buildDueWindows(deps)
    }
    const room = MAX_IN_FLIGHT - inFlight.size
    if (room > 0) {
      for (const d of await claimDue(deps, { holder, limit: room })) {
        const run: Promise<void> = runAttempt(deps, d)
          .catch((err) => deps.log.error('webhook_attempt_failed', { delivery: d.id, err }))
          .finally(() => inFlight.delete(run))
        inFlight.add(run)
      }
    }
    return inFlight.size >= MAX_IN_FLIGHT
  }
  // A database gone away fails every tick, once a second: the log tells the outage, not each tick.
  const outage = createOutage(() => deps.clock.now())
  const loop = (async () => {
    while (!stopped) {
      const full = await tick().then(
        (full) => {
          const ended = outage.ended()
          if (ended) deps.log.info('job_recovered', { job: 'webhooks', ...ended })
          return full
        },
        (err) => {
          const told = outage.failed()
          if (told?.tell === 'began') deps.log.error('job_failed', { job: 'webhooks', err })
          else if (told)
            deps.log.error('job_still_failing', { job: 'webhooks', since: told.since, failures: told.failures, err })
          return false
        },
      )
      if (stopped) break
      await (full ? Promise.race([...inFlight, pause(TICK_MS)]) : pause(TICK_MS))
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
