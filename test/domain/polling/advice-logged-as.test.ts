import { describe, expect, test } from 'bun:test'
import { addKeywords } from '../../../src/domain/keywords/keywords'
import { passAdvice } from '../../../src/domain/polling/advice'
import { passCounters } from '../../../src/domain/polling/summary'
import { seedTeam, testDeps } from '../../support/deps'

// docs/operations.md#pass-summary: the line under poll --once's table names the log event that told why a platform's
// searches failed, as the pass saw it happen (a Bluesky login refused with 429 logs platform_login_limited, and the
// pass no poll_search_failed), not as source health's lastError words it: that row is the platform's, written by any
// process on the database (a serve's Jetstream, its live searches) after this pass's search.
describe("the log line poll --once points to for a platform's failed searches", () => {
  test("is the one the pass's search was told in, whatever source health's lastError says since", async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps)
    await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
    const counters = passCounters()
    Object.assign(counters.of('bluesky'), { searches: 1, failed: 1 })
    counters.toldIn('bluesky', 'platform_login_limited')
    Object.assign(counters.of('hackernews'), { searches: 1, failed: 1 })
    counters.toldIn('hackernews', 'platform_unreachable')
    const at = '2026-12-03T08:00:00.000Z'
    const summary = counters.summary({ outcome: 'completed', startedAt: at, finishedAt: at, scorerUnavailable: false })
    // Another process's stream wrote the row after the pass's search failed.
    await deps.repos.platformHealth.recordFailure(
      'bluesky',
      at,
      'bluesky: Jetstream at jetstream.test answered with status 503',
    )
    // A search the network refused, in a message of its own.
    await deps.repos.platformHealth.recordFailure('hackernews', at, 'hackernews: the mirror refused the connection')
    const advice = await passAdvice(deps, summary)
    expect(advice).toContainEqual(expect.stringMatching(/^bluesky: .*the platform_login_limited log lines say more$/))
    expect(advice).toContainEqual(expect.stringMatching(/^hackernews: .*the platform_unreachable log lines say more$/))
    expect(summary.failuresLoggedAs).toEqual({ bluesky: 'platform_login_limited', hackernews: 'platform_unreachable' })
  })
})
