// What the GitHub connector makes of GitHub's refusals and silences: a spent or secondary rate limit, a 403 that is
// not one, a query refused with 422, an answer too slow.
import { describe, expect, test } from 'bun:test'
import { fakesPerTest } from '../support/fake-upstream'
import { githubLimitSpent, githubQueryRefused, githubSecondaryLimit } from '../support/platform-rules'
import { connector, page } from './github-fake'

const fake = fakesPerTest()

describe("github connector meets GitHub's refusals", () => {
  test('a spent limit (403, x-ratelimit-remaining: 0) is a rate limit until x-ratelimit-reset, naming neither the URL nor the token', async () => {
    const gh = fake(() => githubLimitSpent(600))
    const err = await connector(gh.origin, { LEAD_SIGNALS_PLATFORMS_GITHUB_TOKEN: 'ghp_secret' })
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', status: 403 })
    expect(err.extra.retryAfterSec).toBeGreaterThanOrEqual(598)
    expect(err.extra.retryAfterSec).toBeLessThanOrEqual(600)
    expect(err.message).toStartWith('github is rate limited (403, no requests remaining); retry after')
    expect(err.message).not.toContain('ghp_secret')
    expect(err.message).not.toContain(gh.origin)
  })

  test('a secondary limit (403 with its message) waits for retry-after, or a minute without one', async () => {
    let retryAfter: number | undefined = 90
    const gh = fake(() => githubSecondaryLimit(retryAfter))
    expect(
      await connector(gh.origin)
        .search('crm', 5)
        .catch((e) => e.extra.retryAfterSec),
    ).toBe(90)
    retryAfter = undefined
    // Another connector (other pauses): the first holds its token for the 90 s, unsent.
    expect(
      await connector(gh.origin)
        .search('crm', 5)
        .catch((e) => e.extra.retryAfterSec),
    ).toBe(60)
  })

  test('a 403 that is not a limit (a private repository) is a plain upstream_error without a wait', async () => {
    const gh = fake(() =>
      Response.json(
        { message: 'Resource not accessible' },
        { status: 403, headers: { 'x-ratelimit-remaining': '25' } },
      ),
    )
    const err = await connector(gh.origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', status: 403, message: 'github answered with status 403' })
    expect(err.extra.retryAfterSec).toBeUndefined()
  })

  test('a query naming a user or repository GitHub cannot search (422) finds nothing, as on github.com, and says why in the log', async () => {
    const gh = fake(() => githubQueryRefused('unsearchable'))
    const lines: string[] = []
    const mentions = await connector(gh.origin, {}, lines).search('crm site:acme/typo author:nobody', 10)
    expect(mentions).toEqual([])
    expect(gh.received).toHaveLength(1)
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.event === 'platform_query_unsearchable')
    expect(line).toMatchObject({ platform: 'github', level: 'warn' })
  })

  test('a query GitHub cannot read (422) is an upstream_error that says the query was refused', async () => {
    const gh = fake(() => githubQueryRefused('syntax'))
    const err = await connector(gh.origin)
      .search('crm', 10)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', status: 422 })
    expect(err.message).toBe('github refused the search query (422 Validation Failed: q invalid)')
  })

  test('a slow answer is an upstream_timeout', async () => {
    const gh = fake(async () => {
      await Bun.sleep(400)
      return page([])
    })
    await expect(
      connector(gh.origin, { LEAD_SIGNALS_PLATFORMS_GITHUB_TIMEOUT_MS: '100' }).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'upstream_timeout' })
  })
})
