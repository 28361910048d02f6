// docs/platforms.md#rate-limits: a page whose answer says no request remains ends its search with what was found, and
// the next search is refused unsent (503 platform_budget_exhausted) with the seconds left until the reset it named.
import { expect } from 'bun:test'
import type { PlatformConnector } from '../../src/platforms/types'

/**
 * A search of `limit` against a fake that allows 2 requests, then 429: it finds `found` in those 2 pages and sends no
 * third; the next search is refused with about `resetInSec` left (2 s of slack for the test's own time), unsent.
 */
export async function expectSpentLimitHeld(
  c: PlatformConnector,
  a: { limit: number; found: number; resetInSec: number; sent: () => number },
) {
  // Up to 3 pages: page 2 says 0 remain, so page 3 is not sent into a 429 that would lose both.
  expect(await c.search('crm', a.limit)).toHaveLength(a.found)
  expect(a.sent()).toBe(2)
  const err = await c.search('crm', 5).catch((e: any) => e)
  expect(err).toMatchObject({ kind: 'platform_budget_exhausted' })
  expect(err.extra.retryAfterSec).toBeGreaterThanOrEqual(a.resetInSec - 2)
  expect(err.extra.retryAfterSec).toBeLessThanOrEqual(a.resetInSec)
  expect(a.sent()).toBe(2)
}
