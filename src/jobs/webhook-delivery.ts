import type { Deps } from '../deps'
import { claimDue, runAttempt } from '../domain/webhooks/deliver'
import { newId } from '../lib/ids'

// How often due attempts are looked for: a new signal's first attempt goes within about this long.
const TICK_MS = 1000
// Attempts in flight at once in this process; a slow receiver (up to 15 s) holds one place, not the others.
const MAX_IN_FLIGHT = 16

export type DeliveryWorker = { stop(): Promise<void>; tick(): Promise<void> }

/**
 * The webhook delivery worker `serve` runs (docs/webhooks.md#delivery): every second it claims the attempts that are
 * due (each claimed by one process only: domain/webhooks/deliver.ts) and sends them, without waiting for the slow
 * ones before claiming more. stop() ends the ticks and waits for the attempts in flight (each bounded to 15 s).
 */
export function startDeliveryWorker(deps: Deps): DeliveryWorker {
  const holder = newId('worker')
  const inFlight = new Set<Promise<void>>()
  let stopped = false
  let ticking: Promise<void> | undefined

  const tick = async () => {
    const room = MAX_IN_FLIGHT - inFlight.size
    if (stopped || room <= 0) return
    const claimed = await claimDue(deps, { holder, limit: room })
    for (const d of claimed) {
      const run: Promise<void> = runAttempt(deps, holder, d)
        .catch((err) => deps.log.error('webhook_attempt_failed', { delivery: d.id, err }))
        .finally(() => inFlight.delete(run))
      inFlight.add(run)
    }
  }
  const loop = () => {
    ticking = tick()
      .catch((err) => deps.log.error('job_failed', { job: 'webhooks', err }))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, TICK_MS)
      })
  }
  let timer = setTimeout(loop, 0)
  return {
    tick,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await ticking
      await Promise.all(inFlight)
    },
  }
}
