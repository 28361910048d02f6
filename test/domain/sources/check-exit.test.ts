// docs/platforms.md#checking-the-platforms: `platforms check` exits 1 when a configured platform (or the one asked
// for) fails. A platform it skips, as not configured, is no failure: a new install configures a few platforms, and
// `platforms check` says what the others need without telling a deployment script that the check failed.
import { describe, expect, test } from 'bun:test'
import type { Source } from '../../../src/config/platform-names'
import { checkFailed, checkPlatforms } from '../../../src/domain/sources/check'
import { PlatformUnreachableError } from '../../../src/platforms/upstream-errors'
import { manualClock } from '../../support/clock'

/** Searches that run only `configured`, each answering no post, or failing for the platforms in `failing`. */
const searchesOf = (configured: Source[], failing: Source[] = []) => ({
  isAvailable: (p: Source) => configured.includes(p),
  answer: async (p: Source) => {
    if (failing.includes(p)) throw new PlatformUnreachableError(p)
    return { answered: 0, kept: [] }
  },
})
const check = async (configured: Source[], failing: Source[] = [], platform?: Source) => {
  const deps = { searches: searchesOf(configured, failing), clock: manualClock('2026-12-06T00:00:00.000Z') }
  const results = await checkPlatforms(deps as never, { platform })
  return { results, failed: checkFailed(results, platform !== undefined) }
}

describe('whether platforms check failed', () => {
  test('every configured platform answering is a success, however many others it skipped as not configured', async () => {
    const { results, failed } = await check(['hackernews', 'github'])
    expect(results.filter((r) => r.status === 'not_configured').length).toBeGreaterThan(10)
    expect(results.filter((r) => r.status === 'ok').map((r) => r.platform)).toEqual(['hackernews', 'github'])
    expect(failed).toBe(false)
  })

  test('a configured platform that fails is a failure, and so is asking for one that cannot run', async () => {
    expect((await check(['hackernews', 'github'], ['github'])).failed).toBe(true)
    expect((await check(['hackernews'], [], 'youtube')).failed).toBe(true)
    expect((await check(['hackernews'], [], 'hackernews')).failed).toBe(false)
  })
})
