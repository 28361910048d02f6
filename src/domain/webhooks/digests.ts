import { newId } from '../../lib/ids'
import type { EndpointRow } from '../../storage/repos/webhook-endpoints'
import type { Needs } from '../needs'
import { SETTLE_MS, windowEnd } from './cadence'

type DigestDeps = Needs<'clock' | 'log', 'destinationWindows'>

/**
 * Builds every window that has ended (docs/destinations.md#exactly-once): for each enabled destination sent windows,
 * each closed window from its `window_from` on is claimed in one transaction, with a delivery when it holds a signal
 * and none when it holds nothing ("nothing new" is not sent). Windows end SETTLE_MS before they are built. Answers
 * how many deliveries were queued.
 */
export async function buildDueWindows(deps: DigestDeps): Promise<number> {
  const nowMs = deps.clock.now().getTime()
  let queued = 0
  for (const e of await deps.repos.destinationWindows.windowed()) queued += await buildWindows(deps, e, nowMs)
  return queued
}

async function buildWindows(deps: DigestDeps, e: EndpointRow, nowMs: number): Promise<number> {
  const windows = deps.repos.destinationWindows
  let fromMs = e.windowFrom as number
  let queued = 0
  for (;;) {
    const toMs = windowEnd(e, fromMs)
    if (toMs + SETTLE_MS > nowMs) return queued
    const n = await windows.countIn(e, fromMs, toMs)
    const deliveryId = n > 0 ? newId('msg') : null
    if (!(await windows.claim({ endpointId: e.id, fromMs, toMs, deliveryId, nowMs }))) return queued
    if (deliveryId) {
      queued++
      deps.log.info('digest_queued', { endpoint: e.id, delivery: deliveryId, signals: n })
    }
    fromMs = toMs
  }
}
