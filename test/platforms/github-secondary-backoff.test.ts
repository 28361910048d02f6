import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { pauseBoard } from '../../src/platforms/common/shared-pauses'
import { createGithubConnector } from '../../src/platforms/github/connector'
import { fakesPerTest } from '../support/fake-upstream'
import { githubSecondaryLimit } from '../support/platform-rules'

// docs.github.com, "Rate limits for the REST API", exceeding a secondary limit: wait for retry-after, else for the
// reset when no request remains, else at least a minute; and when the requests go on failing for a secondary limit,
// wait an exponentially increasing time between them (going on while limited may get the integration banned). The
// fake answers a secondary limit as GitHub does without retry-after (its primary window's reset on every answer), and
// the pauses' clock is moved past each wait kept, so that the next search is sent.
const fake = fakesPerTest()

describe('github: a secondary limit met again and again without retry-after', () => {
  test('waits a minute, then twice the last for each in a row, an hour at most; an answer that serves starts over', async () => {
    let limited = true
    const gh = fake(() =>
      limited ? githubSecondaryLimit() : Response.json({ total_count: 0, incomplete_results: false, items: [] }),
    )
    let now = Date.now()
    const github = createGithubConnector(
      loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_GITHUB_BASE_URL: gh.origin } }).platforms.github,
      createLogger(() => {}),
      { pauses: pauseBoard(undefined, undefined, () => now) },
    )
    const refusal = () =>
      github.search('crm', 5).then(
        () => undefined,
        (err: { message: string; extra: { retryAfterSec?: number } }) => err,
      )
    const waits: (number | undefined)[] = []
    for (let i = 0; i < 8; i++) {
      const err = await refusal()
      waits.push(err?.extra.retryAfterSec)
      if (i === 1) expect(err?.message).toContain('2 in a row')
      now += (err?.extra.retryAfterSec ?? 0) * 1000 + 1000
    }
    expect(waits).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600])
    expect(gh.received).toHaveLength(8)
    limited = false
    expect(await github.search('crm', 5)).toEqual([])
    limited = true
    expect((await refusal())?.extra.retryAfterSec).toBe(60)
  })

  // The search refused unsent while the wait lasts named the limit "spent": a secondary limit leaves requests, and
  // an operator who reads "spent" adds a token or waits for the hour, neither of which is the cure.
  test('the search refused while a secondary limit holds does not call the search limit spent', async () => {
    const gh = fake(() => githubSecondaryLimit())
    const github = createGithubConnector(
      loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_GITHUB_BASE_URL: gh.origin } }).platforms.github,
      createLogger(() => {}),
      { pauses: pauseBoard() },
    )
    await github.search('crm', 5).catch(() => {})
    const held = await github.search('crm', 5).catch((err: Error & { kind: string }) => err)
    expect(held).toMatchObject({ kind: 'platform_budget_exhausted' })
    expect((held as Error).message).toMatch(
      /^github asked us to wait \(rate limited\): wait \d+ s before searching again$/,
    )
    expect(gh.received).toHaveLength(1)
  })
})
