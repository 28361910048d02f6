import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { sha256Hex } from '../../src/lib/hash'
import { createProviderConnector, type ProviderPlatform, runTimeLimitSec } from '../../src/platforms/provider/connector'
import { parseCount, parseDate } from '../../src/platforms/provider/mapping'
import { fakesPerTest, longText } from '../support/fake-upstream'

// A fake Apify API: POST /v2/actors/{user~actor}/run-sync-get-dataset-items answers 201 with the run's dataset as a
// JSON array (the documented act_runSyncGetDatasetItems_post answer); errors as Apify's {"error": {type, message}}.
const TOKEN = 'apify_api_SECRET123'
const fake = fakesPerTest()
const dataset = (items: unknown[]) => Response.json(items, { status: 201 })

/** A connector from a real TOML table, as an operator writes it. */
const connector = (platform: ProviderPlatform, origin: string, table = '', lines: string[] = [], timeoutMs = 10000) =>
  createProviderConnector(
    platform,
    loadConfig({
      fileText: `[platforms.${platform}]\nbase_url = "${origin}"\ntimeout_ms = ${timeoutMs}\ntoken = "${TOKEN}"\n${table}`,
      env: {},
    }).platforms[platform],
    createLogger((l) => lines.push(l)),
  )

const LINKEDIN = `actor = "harvestapi/linkedin-post-search"
input = { searchQueries = "{keyword}", maxPosts = "{limit}", sortBy = "date", note = "top {limit} for {keyword}" }
fields = { id = "entityId", author = "author.name", profileUrl = "author.linkedinUrl", content = "content", url = "linkedinUrl", date = "postedAt.timestamp", likes = "engagement.likes", comments = "engagement.comments", shares = "engagement.shares" }`

const linkedinPost = (n: number, extra: Record<string, unknown> = {}) => ({
  entityId: `7300000000000000${n}`,
  linkedinUrl: `https://www.linkedin.com/posts/jane_crm-activity-7300000000000000${n}`,
  content: `Post ${n}: which CRM do you use?`,
  author: { name: 'Jane Doe', linkedinUrl: 'https://www.linkedin.com/in/jane', info: 'Head of Sales' },
  postedAt: { timestamp: Date.UTC(2026, 2, 1, 12, n), date: 'ignored' },
  engagement: { likes: 12, comments: 3, shares: 1, reactions: [] },
  ...extra,
})

describe('provider connector (Apify) against a fake API', () => {
  test('runs the actor by POST with ~ in its id, the token only in the Authorization header, and the input filled in', async () => {
    const f = fake(() => dataset([]))
    await connector('linkedin', f.origin, LINKEDIN).search('crm tool', 7)
    expect(f.received).toHaveLength(1)
    const [req] = f.received
    expect(req.method).toBe('POST')
    expect(req.url.pathname).toBe('/v2/actors/harvestapi~linkedin-post-search/run-sync-get-dataset-items')
    // The run's own time limit is below our wait (timeout_ms, 10 s here); maxItems caps the charge, limit the answer.
    expect(Object.fromEntries(req.url.searchParams)).toEqual({ timeout: '9', maxItems: '7', limit: '7' })
    expect(req.url.href).not.toContain(TOKEN)
    expect(req.headers.get('authorization')).toBe(`Bearer ${TOKEN}`)
    expect(req.headers.get('content-type')).toBe('application/json')
    expect(req.headers.get('user-agent')).toContain('lead-signals')
    expect(JSON.parse(req.body)).toEqual({
      searchQueries: 'crm tool',
      maxPosts: 7,
      sortBy: 'date',
      note: 'top 7 for crm tool',
    })
  })

  test('the run time limit stays below our wait (a tenth, at least a second) and never exceeds the 300 s the sync endpoint waits', async () => {
    const f = fake(() => dataset([]))
    // A platform's timeout_ms is at most 195 s (docs/operations.md#server-settings); the 300 s bound holds for any.
    for (const ms of [195_000, 120_000, 10_000, 2_500, 500])
      await connector('g2', f.origin, 'actor = "abc123XYZ"', [], ms).search('crm', 5)
    expect(f.received.map((r) => r.url.searchParams.get('timeout'))).toEqual(['175', '108', '9', '1', '1'])
    expect(runTimeLimitSec(600_000)).toBe(300)
    expect(f.received[0].url.pathname).toBe('/v2/actors/abc123XYZ/run-sync-get-dataset-items')
    for (const ms of [10_000, 120_000, 301_000]) expect(runTimeLimitSec(ms) * 1000).toBeLessThan(ms)
  })

  test('maps items through a custom fields map with nested paths, newest first, content whole', async () => {
    const long = longText()
    const f = fake(() => dataset([linkedinPost(1), linkedinPost(2, { content: long })]))
    const mentions = await connector('linkedin', f.origin, LINKEDIN).search('crm', 10)
    expect(mentions).toEqual([
      {
        id: 'linkedin:73000000000000002',
        platform: 'linkedin',
        author: 'Jane Doe',
        content: long,
        url: 'https://www.linkedin.com/posts/jane_crm-activity-73000000000000002',
        profileUrl: 'https://www.linkedin.com/in/jane',
        date: '2026-03-01T12:02:00.000Z',
        engagement: { likes: 12, comments: 3, shares: 1 },
      },
      expect.objectContaining({ id: 'linkedin:73000000000000001', date: '2026-03-01T12:01:00.000Z' }),
    ])
    expect(mentions[0].content).toHaveLength(long.length)
  })

  test('maps items by the default field names when fields is empty, with the platform as id prefix', async () => {
    const item = {
      id: 98765,
      url: 'https://www.g2.com/products/acme/reviews/acme-review-98765',
      text: 'Acme replaced our old CRM &amp; more',
      authorName: 'Sam R.',
      authorUrl: 'https://www.g2.com/users/sam',
      createdAt: '2026-03-02T09:30:00+0000',
      likesCount: '1,234',
      commentsCount: '1.2K',
      sharesCount: 'n/a',
    }
    const f = fake(() => dataset([item]))
    const [m] = await connector('g2', f.origin, 'actor = "someone/g2-reviews"\ninput = { query = "{keyword}" }').search(
      'acme',
      5,
    )
    expect(m).toEqual({
      id: 'g2:98765',
      platform: 'g2',
      author: 'Sam R.',
      content: 'Acme replaced our old CRM &amp; more',
      url: item.url,
      profileUrl: 'https://www.g2.com/users/sam',
      date: '2026-03-02T09:30:00.000Z',
      engagement: { likes: 1234, comments: 1200, shares: 0 },
    })
  })

  test('an item with a url but no id gets a hashed id; no author is "unknown"; no date is the search time', async () => {
    const url = 'https://www.tiktok.com/@jane/video/1'
    const f = fake(() => dataset([{ url, caption: 'crm haul', author: {}, timestamp: '3 days ago' }]))
    const before = Date.now()
    const [m] = await connector('tiktok', f.origin, 'actor = "u/tiktok"').search('crm', 5)
    expect(m.id).toBe(`tiktok:${sha256Hex(url).slice(0, 32)}`)
    expect(m.author).toBe('unknown')
    expect(m.profileUrl).toBe('')
    expect(Date.parse(m.date)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(m.date)).toBeLessThanOrEqual(Date.now())
    expect(m.engagement).toEqual({ likes: 0, comments: 0, shares: 0 })
  })

  test('skips and logs items without an id and url or without text; never more than limit; duplicates once', async () => {
    const lines: string[] = []
    const f = fake(() =>
      dataset([
        'not an object',
        { text: 'no id, no url' },
        { id: 'x1', text: '   ' },
        { id: 'x2', text: { html: 'not text' } },
        ...Array.from({ length: 8 }, (_, i) => ({ id: `p${i}`, text: `post ${i}`, date: 1772366400 + i })),
        { id: 'p7', text: 'again', date: 1772366407 },
      ]),
    )
    const mentions = await connector('pinterest', f.origin, 'actor = "u/pins"', lines).search('crm', 5)
    expect(mentions.map((m) => m.id)).toEqual([
      'pinterest:p7',
      'pinterest:p6',
      'pinterest:p5',
      'pinterest:p4',
      'pinterest:p3',
    ])
    expect(mentions[0].date).toBe('2026-03-01T12:00:07.000Z')
    const skipped = lines.map((l) => JSON.parse(l)).filter((l) => l.event === 'platform_item_skipped')
    expect(skipped.map((l) => l.reason)).toEqual([
      'neither an id nor a url',
      'neither an id nor a url',
      'no text content',
      'no text content',
    ])
  })

  test('a body that is not a JSON array is an upstream_error', async () => {
    const f = fake(() => Response.json({ data: { items: [] } }, { status: 201 }))
    await expect(connector('linkedin', f.origin, LINKEDIN).search('crm', 5)).rejects.toMatchObject({
      kind: 'upstream_error',
    })
  })

  test('a failed run (400) or a 401 is an upstream_error that never names the token', async () => {
    const f = fake((req) =>
      req.url.pathname.includes('fail')
        ? Response.json({ error: { type: 'run-failed', message: 'Actor run did not succeed' } }, { status: 400 })
        : Response.json(
            { error: { type: 'token-not-valid', message: `Authentication token ${TOKEN} is not valid` } },
            { status: 401 },
          ),
    )
    const lines: string[] = []
    for (const actor of ['u/fail', 'u/denied']) {
      const err = await connector('facebook', f.origin, `actor = "${actor}"`, lines)
        .search('crm', 5)
        .catch((e) => e)
      expect(err).toMatchObject({ kind: 'upstream_error' })
      expect(String(err.message)).not.toContain(TOKEN)
    }
    expect(lines.join('\n')).not.toContain(TOKEN)
  })

  test("Apify's refusals name the error type and what to change: a wrong actor, a failed run, a run past 300 s, a bad token", async () => {
    const answers: Record<string, [number, string]> = {
      typo: [404, 'record-not-found'],
      fail: [400, 'run-failed'],
      long: [408, 'run-timeout-exceeded'],
      denied: [401, 'user-or-token-not-found'],
    }
    // Apify's error object: an identifier and a sentence (which may quote what was sent: never repeated).
    const f = fake((req) => {
      const [status, type] = answers[req.url.pathname.split('/')[3].replace('u~', '')]
      return Response.json({ error: { type, message: `Refused ${TOKEN}` } }, { status })
    })
    const message = (actor: string) =>
      connector('linkedin', f.origin, `actor = "${actor}"`)
        .search('crm', 5)
        .catch((e) => e.message)
    expect(await message('u/typo')).toBe(
      'linkedin: Apify answered the run of u/typo with 404 record-not-found: check [platforms.linkedin] actor (username/actor-name, as Apify Console shows it)',
    )
    expect(await message('u/fail')).toBe(
      "linkedin: Apify answered the run of u/fail with 400 run-failed: the actor's run failed; its log is in Apify Console under Runs",
    )
    expect(await message('u/long')).toBe(
      "linkedin: Apify answered the run of u/long with 408 run-timeout-exceeded: the run took longer than Apify's synchronous wait (300 s); ask the actor for fewer results in [platforms.linkedin] input",
    )
    expect(await message('u/denied')).toBe(
      'linkedin: Apify answered the run of u/denied with 401 user-or-token-not-found: check [platforms.linkedin] token (Apify Console, Settings → Integrations)',
    )
  })

  test('an actor that does not answer within timeout_ms is an upstream_timeout', async () => {
    const f = fake(async () => {
      await Bun.sleep(1000)
      return dataset([])
    })
    const err = await connector('instagram', f.origin, 'actor = "u/slow"', [], 100)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_timeout' })
    expect(String(err.message)).not.toContain(TOKEN)
  })

  test('warns at start-up when no input value carries the keyword', () => {
    const lines: string[] = []
    connector('quora', 'http://127.0.0.1:9', 'actor = "u/quora"', lines)
    connector('quora', 'http://127.0.0.1:9', 'actor = "u/quora"\ninput = { q = "{keyword}" }', lines)
    expect(lines.map((l) => JSON.parse(l).event)).toEqual(['provider_input_without_keyword'])
  })
})

describe('provider item values', () => {
  test('counts arrive as numbers, numeric strings with separators or K/M suffixes, or lists', () => {
    expect(
      [12, 3.7, '1,234', '1.234.567', '1.2K', '3m', '2.5 B', '12 likes', [1, 2, 3], 'n/a', -4, null, {}].map(
        parseCount,
      ),
    ).toEqual([12, 3, 1234, 1234567, 1200, 3000000, 2500000000, 12, 3, 0, 0, 0, 0])
  })

  test('dates arrive as ISO, RFC, unix seconds or milliseconds (also as strings) and come out as UTC ISO', () => {
    expect(
      [
        '2026-03-01T13:00:00+01:00',
        'Sun, 01 Mar 2026 12:00:00 GMT',
        1772366400,
        1772366400000,
        '1772366400',
        1772366400.5,
      ].map(parseDate),
    ).toEqual([
      '2026-03-01T12:00:00.000Z',
      '2026-03-01T12:00:00.000Z',
      '2026-03-01T12:00:00.000Z',
      '2026-03-01T12:00:00.000Z',
      '2026-03-01T12:00:00.000Z',
      '2026-03-01T12:00:00.500Z',
    ])
    expect(['2d', '', null, undefined, 1e20, {}].map(parseDate)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ])
  })
})
