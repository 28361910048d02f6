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
 *
 * A window has ended when it has by the database's clock, which stamps found times (storage/repos/db-now.ts), AND by
 * this server's: a server whose clock runs ahead builds no window before the signals found in it are stored, whichever
 * server finds them (docs/architecture.md#clocks-and-schedules). This server's clock can only make a window wait.
 */
export async function buildDueWindows(deps: DigestDeps): Promise<number> {
  const nowMs = deps.clock.now().getTime()
  const endedBy = Math.min(nowMs, await deps.repos.destinationWindows.dbNowMs())
  let queued = 0
  for (const e of await deps.repos.destinationWindows.windowed()) queued += await buildWindows(deps, e, nowMs, endedBy)
  return queued
}

async function buildWindows(deps: DigestDeps, e: EndpointRow, nowMs: number, endedBy: number): Promise<number> {
  const windows = deps.repos.destinationWindows
  let fromMs = e.windowFrom as number
  let queued = 0
  for (;;) {
    const toMs = windowEnd(e, fromMs)
    if (toMs + SETTLE_MS > endedBy) return queued
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
