// docs/platforms.md#rate-limits: a 429 of the call a connector signs in with (Reddit's token call, Bluesky's
// createSession) is held by what the platform counts that call by, on every server on the database, and is never the
// platform's retry time, which would hold every server whatever its credentials. Each test reads the real clock: the
// refusal names 2 s, and once they have passed the held server calls again.
import { expect, test } from 'bun:test'
import { redditSettings } from '../support/fake-platforms'
import { fakesPerTest, type Received } from '../support/fake-upstream'
import { twoServers } from '../support/two-servers'

const fake = fakesPerTest()
const WAIT_SEC = 2

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
  const settings = (client: string) => ({ reddit: { ...redditSettings(reddit.origin), client_id: client } })
  return { sent, settings }
}

test("reddit: a 429 of the token call holds the app's searches on every server, unsent, until the seconds it named", async () => {
  const { sent, settings } = redditRefusingATokenOnce()
  const [first, second] = await twoServers(settings('app-a'))
  const refused = await first.searches.search('reddit', 'crm', 10).catch((e: any) => e)
  const heldUntil = Date.now() + WAIT_SEC * 1000
  expect(refused.extra.retryAfterSec).toBe(WAIT_SEC)
  const stored = (await first.repos.platformHealth.list()).find((h) => h.platform === 'reddit')
  expect(stored?.retryAt ?? null).toBeNull()
  const held = await second.searches.search('reddit', 'crm', 10).catch((e: any) => e)
  expect(held.kind).toBe('platform_budget_exhausted')
  expect(sent).toEqual({ tokens: 1, searches: 0 })
  await Bun.sleep(heldUntil - Date.now() + 100)
  expect(await second.searches.search('reddit', 'crm', 10)).toEqual([])
  expect(sent).toEqual({ tokens: 2, searches: 1 })
})

test("reddit: a 429 of one app's token call leaves another app's server searching", async () => {
  const { sent, settings } = redditRefusingATokenOnce()
  const [first, second] = await twoServers(settings('app-a'), settings('app-b'))
  await first.searches.search('reddit', 'crm', 10).catch(() => undefined)
  expect(await second.searches.search('reddit', 'crm', 10)).toEqual([])
  expect(sent).toEqual({ tokens: 2, searches: 1 })
})
