import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { decodeEntities } from '../../src/platforms/common/html-text'
import { createStackoverflowConnector } from '../../src/platforms/stackoverflow/connector'
import { fakesPerTest, longText } from '../support/fake-upstream'
import { HTML_BODIES } from '../support/html-bodies'
import { stackExchangeThrottle } from '../support/platform-rules'
import { AS_SENT } from '../../src/mention'

// A fake Stack Exchange API 2.3: /search/advanced answers in the common wrapper, always gzip-compressed, as the
// real one does (api.stackexchange.com/docs/compression).
const fake = fakesPerTest()

const gzipJson = (body: unknown, status = 200) =>
  new Response(Bun.gzipSync(JSON.stringify(body)), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'gzip' },
  })
const wrapper = (items: unknown[], extra: Record<string, unknown> = {}) =>
  gzipJson({ items, has_more: false, quota_max: 10000, quota_remaining: 9987, ...extra })

const connector = (origin: string, env: Record<string, string> = {}, lines: string[] = []) =>
  createStackoverflowConnector(
    loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_STACKOVERFLOW_BASE_URL: origin, ...env } }).platforms.stackoverflow,
    createLogger((l) => lines.push(l)),
  )

const question = (n: number, extra: Record<string, unknown> = {}) => ({
  tags: ['crm', 'typescript'],
  owner: {
    account_id: 7,
    reputation: 101,
    user_id: 123,
    user_type: 'registered',
    display_name: 'Jos&#233; &amp; Co',
    link: 'https://stackoverflow.com/users/123/jose',
  },
  is_answered: true,
  view_count: 40,
  answer_count: 2,
  score: 3,
  last_activity_date: 1772370000,
  creation_date: 1772366400 - n * 60,
  question_id: 79000000 + n,
  link: `https://stackoverflow.com/questions/${79000000 + n}/which-crm`,
  title: `Which &quot;CRM&quot; has an API? #${n}`,
  body: `<p>We need a CRM &amp; an API, question ${n}.</p>`,
  ...extra,
})

describe('stackoverflow connector against a fake Stack Exchange API', () => {
  test('asks /2.3/search/advanced for the newest questions with bodies on the configured site, with the key', async () => {
    const se = fake(() => wrapper([]))
    await connector(se.origin, {
      LEAD_SIGNALS_PLATFORMS_STACKOVERFLOW_KEY: 'appkey((',
      LEAD_SIGNALS_PLATFORMS_STACKOVERFLOW_SITE: 'superuser',
    }).search('crm tool', 7)
    expect(se.received).toHaveLength(1)
    const [req] = se.received
    expect(req.method).toBe('GET')
    expect(req.url.pathname).toBe('/2.3/search/advanced')
    expect(Object.fromEntries(req.url.searchParams)).toEqual({
      q: 'crm tool',
      site: 'superuser',
      sort: 'creation',
      order: 'desc',
      pagesize: '7',
      page: '1',
      filter: 'withbody',
      key: 'appkey((',
    })
    expect(req.headers.get('user-agent')).toContain('lead-signals')
    expect(req.headers.get('accept-encoding')).toContain('gzip')
  })

  test('sends no key when none is configured, and stackoverflow is the default site', async () => {
    const se = fake(() => wrapper([]))
    await connector(se.origin).search('crm', 5)
    expect(se.received[0].url.searchParams.has('key')).toBe(false)
    expect(se.received[0].url.searchParams.get('site')).toBe('stackoverflow')
  })

  test('reads a gzip-compressed answer and maps questions: the encoded title and the HTML body as text, display name decoded', async () => {
    const body = `<p>${longText()}</p>${HTML_BODIES.stackoverflow.html}`
    const se = fake(() =>
      wrapper([
        question(1, { body }),
        question(2, {
          owner: { user_type: 'does_not_exist', display_name: 'user9' },
          score: -2,
          answer_count: undefined,
          body: undefined,
        }),
      ]),
    )
    const mentions = await connector(se.origin).search('crm', 10)
    expect(mentions[0]).toEqual({
      id: 'stackoverflow:79000001',
      author: 'José & Co',
      platform: 'stackoverflow',
      title: 'Which "CRM" has an API? #1',
      content: `Which "CRM" has an API? #1\n\n${longText().trim()}\n\n${HTML_BODIES.stackoverflow.text.split('\n\n').slice(1).join('\n\n')}`,
      // docs/platforms.md#as-sent: the raw search's text, the encoded title and the HTML body as sent.
      [AS_SENT]: ['Which &quot;CRM&quot; has an API? #1', body],
      url: 'https://stackoverflow.com/questions/79000001/which-crm',
      profileUrl: 'https://stackoverflow.com/users/123/jose',
      date: new Date((1772366400 - 60) * 1000).toISOString(),
      engagement: { likes: 3, comments: 2, shares: 0 },
    })
    expect(mentions[1]).toMatchObject({
      author: 'user9',
      content: 'Which "CRM" has an API? #2',
      // A deleted account (shallow_user's user_type does_not_exist) has no link nor user_id: no profile to point at,
      // and the site's /users list is nobody's (docs/platforms.md#stackoverflow).
      profileUrl: '',
      engagement: { likes: 0, comments: 0, shares: 0 },
    })
  })

  // A search is charged its pages before it is sent and reads no page more (docs/platforms.md#budgets): a page short
  // of what was asked for (removed or malformed items) ends it with fewer than `limit`; a larger limit reads on.
  test('a page with a malformed item: has_more is followed only within the pages the search was charged', async () => {
    const se = fake(({ url }) => {
      const page = Number(url.searchParams.get('page'))
      const size = Number(url.searchParams.get('pagesize'))
      const items: unknown[] = Array.from({ length: size }, (_, i) => question((page - 1) * size + i + 1))
      if (page === 1) items[0] = { question_id: 'x' }
      return wrapper(items, { has_more: true })
    })
    expect(await connector(se.origin).search('crm', 50)).toHaveLength(49)
    expect(se.received).toHaveLength(1)
    const mentions = await connector(se.origin).search('crm', 150)
    expect(se.received.slice(1).map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2'])
    expect(mentions).toHaveLength(150)
    expect(mentions.at(-1)!.id).toBe('stackoverflow:79000151')
  })

  test('stops when has_more is false', async () => {
    const se = fake(() => wrapper([question(1), question(2)], { has_more: false }))
    const mentions = await connector(se.origin).search('crm', 50)
    expect(se.received).toHaveLength(1)
    expect(mentions).toHaveLength(2)
  })

  test('after an answer with backoff, searches fail fast naming the wait, with no request sent, until it elapses', async () => {
    const se = fake(() => wrapper([question(1)], { backoff: 1 }))
    const c = connector(se.origin)
    expect(await c.search('crm', 5)).toHaveLength(1)
    const err = await c.search('crm', 5).catch((e) => e)
    // Refused unsent (503 with Retry-After), the wait kept by the search runner as the platform's retry time.
    expect(err).toMatchObject({ kind: 'platform_budget_exhausted', extra: { retryAfterSec: 1 } })
    expect(err.message).toContain('backoff')
    expect(err.message).toMatch(/wait 1 s/)
    expect(se.received).toHaveLength(1)
    await Bun.sleep(1050)
    expect(await c.search('crm', 5)).toHaveLength(1)
    expect(se.received).toHaveLength(2)
  })

  test('a backoff on a page stops the paging there and returns what came so far', async () => {
    const se = fake(({ url }) =>
      wrapper(
        Array.from({ length: Number(url.searchParams.get('pagesize')) - 1 }, (_, i) => question(i + 1)).concat({
          bad: 1,
        } as never),
        { has_more: true, backoff: 5 },
      ),
    )
    const mentions = await connector(se.origin).search('crm', 10)
    expect(se.received).toHaveLength(1)
    expect(mentions).toHaveLength(9)
  })

  test('a page whose quota_remaining is 0 stops the paging there and returns what came; searches wait an hour, unsent', async () => {
    // docs/throttle: the address's daily quota is counted down in quota_remaining on every wrapper; past it, each call
    // is refused (throttle_violation naming the seconds until more requests are available), which lost the pages read.
    let used = 0
    const se = fake(({ url }) => {
      if (used >= 1)
        return gzipJson(
          {
            error_id: 502,
            error_name: 'throttle_violation',
            error_message: 'too many requests from this IP, more requests available in 40000 seconds',
          },
          400,
        )
      used++
      const size = Number(url.searchParams.get('pagesize'))
      return wrapper(
        Array.from({ length: size }, (_, i) => question(i + 1)),
        { has_more: true, quota_max: 300, quota_remaining: 0 },
      )
    })
    const c = connector(se.origin)
    expect(await c.search('crm', 200)).toHaveLength(100)
    expect(se.received).toHaveLength(1)
    const err = await c.search('crm', 5).catch((e) => e)
    expect(err).toMatchObject({ kind: 'platform_budget_exhausted' })
    expect(err.extra.retryAfterSec).toBeGreaterThan(3590)
    expect(err.message).toContain('quota')
    expect(se.received).toHaveLength(1)
  })

  test('an error envelope (HTTP 400) is an upstream_error naming error_id, error_name and error_message', async () => {
    const se = fake(() =>
      gzipJson({ error_id: 400, error_message: 'site is required', error_name: 'bad_parameter' }, 400),
    )
    const err = await connector(se.origin, { LEAD_SIGNALS_PLATFORMS_STACKOVERFLOW_KEY: 'appkey' })
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', extra: {} })
    expect(err.message).toBe('stackoverflow answered with error 400 (bad_parameter: site is required)')
    expect(err.message).not.toContain('appkey')
  })

  test('a throttle_violation is a rate limit for the seconds it names, and nothing is sent before they pass', async () => {
    const throttle = stackExchangeThrottle(3600)
    const se = fake(() => throttle.answer())
    const c = connector(se.origin, { LEAD_SIGNALS_PLATFORMS_STACKOVERFLOW_KEY: 'appkey' })
    const err = await c.search('crm', 5).catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', extra: { retryAfterSec: 3600 } })
    expect(err.message).toContain('throttle_violation')
    expect(err.message).toContain('retry after 3600 s')
    expect(err.message).not.toContain('appkey')
    // Asking again while the address is banned would only lengthen the ban: the connector answers for it.
    const again = await c.search('crm', 5).catch((e) => e)
    expect(again.extra.retryAfterSec).toBeGreaterThan(3590)
    expect(again.message).toMatch(/pause \(throttle_violation\): wait \d+ s/)
    expect(throttle.refused).toBe(1)
  })

  test('a throttle_violation without a number waits the backoff it carries, else five minutes', async () => {
    const bare = { error_id: 502, error_name: 'throttle_violation', error_message: 'too many requests from this IP' }
    const a = fake(() => gzipJson({ ...bare, backoff: 42 }, 400))
    expect(
      await connector(a.origin)
        .search('crm', 5)
        .catch((e) => e.extra.retryAfterSec),
    ).toBe(42)
    const b = fake(() => gzipJson(bare, 400))
    expect(
      await connector(b.origin)
        .search('crm', 5)
        .catch((e) => e.extra.retryAfterSec),
    ).toBe(300)
  })

  test("a bare 429 (a proxy's) asking for days holds the address a day at most, the quota's own period", async () => {
    // api.stackexchange.com/docs/throttle: the address's quota is a day's, so no wait of Stack Exchange's is longer.
    const se = fake(() => new Response('Too Many Requests', { status: 429, headers: { 'retry-after': '864000' } }))
    const c = connector(se.origin)
    const err = await c.search('crm', 5).catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', extra: { retryAfterSec: 86400, askedSec: 864000 } })
    expect(err.message).toContain('retry after 86400 s (asked for 864000 s')
    expect(c.pause?.secondsLeft()).toBeLessThanOrEqual(86400)
    const again = await c.search('crm', 5).catch((e) => e)
    expect(again).toMatchObject({ kind: 'platform_budget_exhausted' })
    expect(again.extra.retryAfterSec).toBeLessThanOrEqual(86400)
    expect(se.received).toHaveLength(1)
  })

  test('an error status without an envelope is an upstream_error', async () => {
    const se = fake(() => new Response('<html>Service Unavailable</html>', { status: 503 }))
    await expect(connector(se.origin).search('crm', 5)).rejects.toMatchObject({
      kind: 'upstream_error',
      message: 'stackoverflow answered with status 503',
    })
  })

  test('skips and logs a malformed question', async () => {
    const lines: string[] = []
    const se = fake(() => wrapper([{ question_id: 1, title: 5 }, question(2)]))
    const mentions = await connector(se.origin, {}, lines).search('crm', 10)
    expect(mentions.map((m) => m.id)).toEqual(['stackoverflow:79000002'])
    expect(lines.some((l) => JSON.parse(l).event === 'platform_item_skipped')).toBe(true)
  })

  test('an answer without items is an upstream_error, and so is one that is not JSON', async () => {
    const a = fake(() => gzipJson({ quota_max: 300, quota_remaining: 200 }))
    await expect(connector(a.origin).search('crm', 5)).rejects.toMatchObject({ kind: 'upstream_error' })
    const b = fake(() => new Response('not json'))
    await expect(connector(b.origin).search('crm', 5)).rejects.toMatchObject({ kind: 'upstream_error' })
  })

  test('a slow answer is an upstream_timeout', async () => {
    const se = fake(async () => {
      await Bun.sleep(400)
      return wrapper([])
    })
    await expect(
      connector(se.origin, { LEAD_SIGNALS_PLATFORMS_STACKOVERFLOW_TIMEOUT_MS: '100' }).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'upstream_timeout' })
  })

  test('decodeEntities handles numeric, hex and the usual named references and leaves unknown ones', () => {
    expect(decodeEntities('Jos&#233; &#x1F600; &lt;b&gt; &quot;x&quot; &amp;amp; &bogus;')).toBe(
      'José 😀 <b> "x" &amp; &bogus;',
    )
  })
})
