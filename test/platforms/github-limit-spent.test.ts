// docs/platforms.md#rate-limits: GitHub says on every answer how many search requests remain (x-ratelimit-remaining)
// until its window resets (x-ratelimit-reset, epoch seconds); past the limit it answers 403 and asks for no request
// before the reset (docs.github.com, "Rate limits for the REST API"). A page that takes the last request ends the
// search with what it found, and the searches after it are refused unsent until the reset, not sent into a 403.
import { expect, test } from 'bun:test'
import { fakesPerTest } from '../support/fake-upstream'
import { resetIn } from '../support/reset-headers'
import { githubLimitSpent } from '../support/platform-rules'
import { connector, issue } from './github-fake'

const fake = fakesPerTest()
const RESET_IN_SEC = 600

/** A search API allowing `limit` requests in a window of RESET_IN_SEC; each page full (100 issues) but the third. */
function fakeGithubSearch(limit: number) {
  let used = 0
  const reset = resetIn('x-ratelimit-reset', RESET_IN_SEC)
  const server = fake((req) => {
    if (used >= limit) return githubLimitSpent(RESET_IN_SEC)
    used++
    const page = Number(req.url.searchParams.get('page'))
    const items = Array.from({ length: page < 3 ? 100 : 10 }, (_, i) => issue(page * 1000 + i))
    return Response.json(
      { total_count: 210, incomplete_results: false, items },
      {
        headers: {
          'x-ratelimit-limit': String(limit),
          'x-ratelimit-remaining': String(limit - used),
          'x-ratelimit-used': String(used),
          ...reset,
          'x-ratelimit-resource': 'search',
        },
      },
    )
  })
  return { ...server, requests: () => server.received.length }
}

test('a page that takes the last request ends the search with what it found, and the next is refused unsent until the reset', async () => {
  const gh = fakeGithubSearch(1)
  const c = connector(gh.origin)
  // Page 1 says 0 remain: page 2 would be answered 403 and lose page 1.
  expect(await c.search('crm', 300)).toHaveLength(100)
  expect(gh.requests()).toBe(1)
  const err = await c.search('crm', 5).catch((e) => e)
  expect(err).toMatchObject({ kind: 'platform_budget_exhausted' })
  expect(err.extra.retryAfterSec).toBeGreaterThanOrEqual(RESET_IN_SEC - 2)
  expect(err.extra.retryAfterSec).toBeLessThanOrEqual(RESET_IN_SEC)
  expect(gh.requests()).toBe(1)
})

test('requests that remain are used: a search reads its pages while the answers say some remain', async () => {
  const gh = fakeGithubSearch(10)
  expect(await connector(gh.origin).search('crm', 300)).toHaveLength(210)
  expect(gh.requests()).toBe(3)
})
