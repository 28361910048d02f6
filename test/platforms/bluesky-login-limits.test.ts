// docs/platforms.md#bluesky: a login Bluesky refuses with 429 says which of its limits it met (docs.bsky.app, "Rate
// Limits": createSession is counted per account, 30 per 5 minutes and 300 a day, 100 a day at the bsky.social
// entryway; every request per address, 3,000 per 5 minutes), in its ratelimit-policy header ("30;w=300": requests;w=
// the window's seconds, as the PDS's rate limiter writes it) beside ratelimit-reset (epoch seconds). The search's
// error, source health and one log line name that limit, and the pause is the one it implies.
import { describe, expect, test } from 'bun:test'
import { platformStatus } from '../../src/domain/sources/status'
import { resetIn } from '../support/reset-headers'
import { seedTeam, testDeps } from '../support/deps'
import { fakesPerTest } from '../support/fake-upstream'
import { recordingLogger } from '../support/log'
import { twoServers } from '../support/two-servers'

const fake = fakesPerTest()

/**
 * A PDS whose createSession answers 429 with `headers` (reset: seconds from now, as epoch seconds); searches find
 * nothing.
 */
function pdsRefusingLogins(headers: Record<string, string>, resetInSec?: number) {
  const sent = { logins: 0, searches: 0 }
  const pds = fake((req) => {
    if (req.url.pathname !== '/xrpc/com.atproto.server.createSession') {
      sent.searches++
      return Response.json({ posts: [] })
    }
    sent.logins++
    const reset = resetInSec === undefined ? {} : resetIn('ratelimit-reset', resetInSec)
    return Response.json(
      { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' },
      { status: 429, headers: { ...headers, ...reset } },
    )
  })
  const bluesky = { base_url: pds.origin, identifier: 'a.bsky.social', app_password: 'abcd-efgh-ijkl-mnop' }
  return { sent, bluesky }
}

async function refusedLogin(headers: Record<string, string>, resetInSec?: number) {
  const { sent, bluesky } = pdsRefusingLogins(headers, resetInSec)
  const recorded = recordingLogger()
  const { deps } = await testDeps({ config: { platforms: { bluesky } }, deps: { log: recorded.log } })
  const err = await deps.searches.search('bluesky', 'crm', 10).catch((e: any) => e)
  // The next search waits, unsent: no second login, no second line.
  const held = await deps.searches.search('bluesky', 'crm', 10).catch((e: any) => e)
  expect(held.kind).toBe('platform_budget_exhausted')
  expect(sent).toEqual({ logins: 1, searches: 0 })
  const { team } = await seedTeam(deps)
  const status = await platformStatus(deps, { team, plan: deps.config.plans.scale! })
  const health = status.platforms.find((p) => p.platform === 'bluesky')!
  const heldSec = (Date.parse(health.retryAt!) - deps.clock.now().getTime()) / 1000
  return { err, held, health, heldSec, lines: recorded.of('platform_login_limited') }
}

describe('a login refused with 429 names the limit it met and holds what that limit implies', () => {
  test("the account's logins a day (300;w=86400): held until the reset, hours away", async () => {
    const r = await refusedLogin(
      { 'ratelimit-limit': '300', 'ratelimit-remaining': '0', 'ratelimit-policy': '300;w=86400' },
      6 * 3600,
    )
    expect(r.err.message).toContain("this account's 300 logins a day")
    expect(r.health.lastError).toContain("this account's 300 logins a day")
    expect(r.health.retryWhy).toContain("this account's 300 logins a day")
    expect(r.held.message).toContain("this account's 300 logins a day")
    expect(r.heldSec).toBeGreaterThan(6 * 3600 - 5)
    expect(r.lines).toHaveLength(1)
    expect(r.lines[0].fields).toMatchObject({ platform: 'bluesky', limit: "this account's 300 logins a day" })
  })

  test("the account's logins per 5 minutes (30;w=300)", async () => {
    const r = await refusedLogin(
      { 'ratelimit-limit': '30', 'ratelimit-remaining': '0', 'ratelimit-policy': '30;w=300' },
      200,
    )
    expect(r.health.lastError).toContain("this account's 30 logins per 5 minutes")
    expect(r.heldSec).toBeGreaterThan(190)
    expect(r.heldSec).toBeLessThanOrEqual(201)
  })

  test('no header naming a limit or a time: the shortest login window, 5 minutes, not a minute', async () => {
    const r = await refusedLogin({})
    expect(r.health.lastError).toContain('for a limit it did not name')
    expect(r.heldSec).toBeGreaterThan(295)
    expect(r.lines).toHaveLength(1)
  })

  test('a policy without a reset: its window', async () => {
    const r = await refusedLogin({ 'ratelimit-policy': '100;w=86400' })
    expect(r.health.lastError).toContain("this account's 100 logins a day")
    expect(r.heldSec).toBeGreaterThan(86400 - 5)
  })
})

test("the address's limit of every request (3000;w=300): holds this machine's calls to the PDS, any account's", async () => {
  const { sent, bluesky } = pdsRefusingLogins({ 'ratelimit-limit': '3000', 'ratelimit-policy': '3000;w=300' }, 120)
  const [first, second] = await twoServers({ bluesky }, { bluesky: { ...bluesky, identifier: 'b.bsky.social' } })
  const err = await first.searches.search('bluesky', 'crm', 10).catch((e: any) => e)
  expect(err.message).toContain("for this address's 3000 requests per 5 minutes")
  const held = await second.searches.search('bluesky', 'crm', 10).catch((e: any) => e)
  expect(held.kind).toBe('platform_budget_exhausted')
  expect(held.message).toContain("this address's 3000 requests per 5 minutes")
  expect(sent).toEqual({ logins: 1, searches: 0 })
})
