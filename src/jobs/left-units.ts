import type { Deps } from '../deps'
import { giveBackLeftUnits } from '../domain/quota/left-units'
import { appErrorIn } from '../errors'

/**
 * Every 30 s, one hold window (domain/quota/order.ts), and at start: a restart finds its killed predecessor's units.
 */
export const LEFT_UNITS_SCHEDULE = '*/30 * * * * *'

/**
 * Gives back the units of calls of processes that died, and says how many in one line when there were any. A
 * database that cannot be written now is left for the next run: requests and readiness tell of it already.
 */
export async function leftUnits(deps: Deps): Promise<void> {
  const units = await giveBackLeftUnits(deps).catch((err) => {
    if (appErrorIn(err)?.kind === 'storage_unavailable') return 0
    throw err
  })
  if (units > 0)
    deps.log.info('units_given_back', { units, reason: 'calls still running when their server process died' })
}
