// docs/platforms.md#rate-limits: a 429 of the call a connector signs in with (Reddit's token call, Bluesky's
// createSession) is held by what the platform counts that call by, on every server on the database, and is never the
// platform's retry time, which would hold every server whatever its credentials. Each test reads the real clock: the
// refusal names 2 s, and once they have passed the held server calls again.
import { describe, expect, test } from 'bun:test'
import type { Source } from '../../src/config/platform-names'
import { resetIn } from '../support/reset-headers'
import { redditSettings } from '../support/fake-platforms'
import { fakesPerTest, type Received } from '../support/fake-upstream'
import { platformStatus } from '../../src/domain/sources/status'
import { seedTeam } from '../support/deps'
import { twoServers } from '../support/two-servers'

const fake = fakesPerTest()
const WAIT_SEC = 2
type Servers = Awaited<ReturnType<typeof twoServers>>

/**
 * The first server's search refused by a sign-in's 429, which stores no retry time for the platform; then the second
 * server's refused unsent (`sent` unchanged) and uncharged until the wait named has passed on the real clock, and sent
 * once it has.
 */
async function heldUntilItsWaitEnds(platform: Source, [first, second]: Servers, sent: Record<string, number>) {
  const refused = await first.searches.search(platform, 'crm', 10).catch((e: any) => e)
  const heldUntil = Date.now() + refused.extra.retryAfterSec * 1000
  expect(refused.extra.retryAfterSec).toBeGreaterThanOrEqual(WAIT_SEC)
  const stored = (await first.repos.platformHealth.list()).find((h) => h.platform === platform)
  expect(stored?.retryAt ?? null).toBeNull()
  const before = { ...sent }
  const held = await second.searches.search(platform, 'crm', 10).catch((e: any) => e)
  expect(held.kind).toBe('platform_budget_exhausted')
  const charged = (await second.repos.platformBudgets.list()).find((b) => b.platform === platform)
  expect(charged?.used).toBe(first.searches.requestsFor(platform, 10))
  expect(sent).toEqual(before)
  await Bun.sleep(heldUntil - Date.now() + 100)
  expect(await second.searches.search(platform, 'crm', 10)).toEqual([])
}

/** The client id of a Reddit token call (HTTP Basic client_id:client_secret). */
const clientOf = (req: Received) =>
  Buffer.from((req.headers.get('authorization') ?? '').slice(6), 'base64')
    .toString()
    .split(':')[0]

/**
 * Reddit whose token call refuses client `app-a` once with 429 (Reddit's Data API rules count per OAuth client; its
 * X-Ratelimit-Reset is seconds from now) and then grants it, as it grants `app-b`; searches find nothing.
 */
function redditRefusingATokenOnce() {
  const sent = { tokens: 0, searches: 0 }
  let refused = false
  const reddit = fake((req) => {
    if (req.url.pathname === '/api/v1/access_token') {
      sent.tokens++
      const client = clientOf(req)
      if (client === 'app-a' && !refused) {
        refused = true
        const headers = { 'x-ratelimit-remaining': '0.0', 'x-ratelimit-reset': String(WAIT_SEC) }
        return Response.json({ message: 'Too Many Requests', error: 429 }, { status: 429, headers })
      }
      return Response.json({ access_token: `token-${client}`, token_type: 'bearer', expires_in: 86400, scope: '*' })
    }
    sent.searches++
    return Response.json({ kind: 'Listing', data: { after: null, children: [] } })
  })
  const settings = (which: 'a' | 'b') => ({ reddit: { ...redditSettings(reddit.origin), client_id: `app-${which}` } })
  return { sent, settings }
}

/**
 * A PDS whose createSession refuses account `a.bsky.social` with 429 while `refusing` (docs.bsky.app, "Rate Limits":
 * createSession is measured per account, 30 per 5 minutes and 300 a day; the PDS answers with the IETF draft's
 * headers, ratelimit-reset in epoch seconds) and signs every other account in; searches find nothing.
 */
function pdsRefusingASignIn() {
  const sent = { signIns: 0, searches: 0 }
  const state = { refusing: true }
  const pds = fake((req) => {
    if (req.url.pathname === '/xrpc/com.atproto.server.createSession') {
      sent.signIns++
      const { identifier } = JSON.parse(req.body)
      if (identifier === 'a.bsky.social' && state.refusing) {
        state.refusing = false
        const headers = { 'ratelimit-limit': '30', 'ratelimit-remaining': '0', ...resetIn('ratelimit-reset', WAIT_SEC) }
        return Response.json({ error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' }, { status: 429, headers })
      }
      return Response.json({ accessJwt: `access-${identifier}`, refreshJwt: 'r', handle: identifier, did: 'did:plc:x' })
    }
    sent.searches++
    return Response.json({ posts: [] })
  })
  const settings = (which: 'a' | 'b') => ({
    bluesky: { base_url: pds.origin, identifier: `${which}.bsky.social`, app_password: 'abcd-efgh-ijkl-mnop' },
  })
  return { sent, state, settings }
}

const CASES = [
  { platform: 'reddit', call: 'the token call', refusing: redditRefusingATokenOnce },
  { platform: 'bluesky', call: 'createSession', refusing: pdsRefusingASignIn },
] as const

describe("a 429 of a sign-in holds what the platform counts it by, on every server, and not another's", () => {
  for (const c of CASES) {
    test(`${c.platform}: a 429 of ${c.call} holds the same credentials on every server, unsent, until its wait ends`, async () => {
      const { sent, settings } = c.refusing()
      await heldUntilItsWaitEnds(c.platform, await twoServers(settings('a')), sent)
      expect(Object.values(sent)).toEqual([2, 1])
    })

    test(`${c.platform}: a 429 of ${c.call} leaves a server with other credentials on this machine searching`, async () => {
      const { sent, settings } = c.refusing()
      const [first, second] = await twoServers(settings('a'), settings('b'))
      await first.searches.search(c.platform, 'crm', 10).catch(() => undefined)
      expect(await second.searches.search(c.platform, 'crm', 10)).toEqual([])
      expect(Object.values(sent)).toEqual([2, 1])
    })
  }
})

test('bluesky: a 429 of createSession leaves a server that holds a session of that account searching', async () => {
  const { sent, state, settings } = pdsRefusingASignIn()
  state.refusing = false
  const [first, second] = await twoServers(settings('a'))
  expect(await second.searches.search('bluesky', 'crm', 10)).toEqual([])
  state.refusing = true
  await first.searches.search('bluesky', 'crm', 10).catch(() => undefined)
  // The second server reads the pauses the first stored, as it does at most 5 s after its last read.
  await second.pauses.fresh(0)
  expect(await second.searches.search('bluesky', 'crm', 10)).toEqual([])
  expect(sent).toEqual({ signIns: 2, searches: 2 })
})

test("bluesky: a refresh refused with 429 holds this machine's calls to the PDS and logs in no sooner", async () => {
  // docs.bsky.app, "Rate Limits": refreshSession is counted only by the address's limit of every request (3000 per 5
  // minutes), which a login made at once would meet too, spending one of the account's 30.
  const sent = { signIns: 0, refreshes: 0, searches: 0 }
  const pds = fake((req) => {
    const nsid = req.url.pathname.slice('/xrpc/'.length)
    if (nsid === 'com.atproto.server.createSession') {
      sent.signIns++
      return Response.json({ accessJwt: `access-${sent.signIns}`, refreshJwt: 'r', handle: 'a', did: 'did:plc:x' })
    }
    if (nsid === 'com.atproto.server.refreshSession') {
      sent.refreshes++
      const headers = { 'ratelimit-limit': '3000', 'ratelimit-remaining': '0', ...resetIn('ratelimit-reset', WAIT_SEC) }
      return Response.json({ error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' }, { status: 429, headers })
    }
    sent.searches++
    if (req.headers.get('authorization') === 'Bearer access-1')
      return Response.json({ error: 'ExpiredToken', message: 'Token has expired' }, { status: 400 })
    return Response.json({ posts: [] })
  })
  const account = (which: 'a' | 'b') => ({
    bluesky: { base_url: pds.origin, identifier: `${which}.bsky.social`, app_password: 'abcd-efgh-ijkl-mnop' },
  })
  const [first, second] = await twoServers(account('a'), account('b'))
  const refused = await first.searches.search('bluesky', 'crm', 10).catch((e: any) => e)
  expect(refused.extra.retryAfterSec).toBeGreaterThanOrEqual(WAIT_SEC)
  expect(sent).toEqual({ signIns: 1, refreshes: 1, searches: 1 })
  const held = await second.searches.search('bluesky', 'crm', 10).catch((e: any) => e)
  expect(held.kind).toBe('platform_budget_exhausted')
  expect(sent).toEqual({ signIns: 1, refreshes: 1, searches: 1 })
})

test("bluesky: a server whose session of the account searches on shows no retry time for another's refused login", async () => {
  // docs/api.md#source-health: retryAt is when this server's searches may go again. The first server's login 429 holds
  // the account's logins on every server, but the second, holding a session, searches on: nothing waits for it there.
  const { state, settings } = pdsRefusingASignIn()
  state.refusing = false
  const [first, second] = await twoServers(settings('a'))
  const { team } = await seedTeam(second)
  const bluesky = async (server: Servers[number]) =>
    (await platformStatus(server, { team, plan: server.config.plans.scale! })).platforms.find(
      (p) => p.platform === 'bluesky',
    )!
  expect(await second.searches.search('bluesky', 'crm', 10)).toEqual([])
  state.refusing = true
  await first.searches.search('bluesky', 'crm', 10).catch(() => undefined)
  expect((await bluesky(second)).retryAt).toBeNull()
  expect(await second.searches.search('bluesky', 'crm', 10)).toEqual([])
  // The first server, without a session, waits for the account's logins: its health says until when, and why.
  const held = await bluesky(first)
  expect(Date.parse(held.retryAt!)).toBeGreaterThan(first.clock.now().getTime())
  expect(held.retryWhy).toContain('a login refused')
})
