import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger, describeError } from '../../src/lib/log'
import { nextMidnightIn } from '../../src/lib/zoned-time'
import { createYoutubeConnector } from '../../src/platforms/youtube/connector'
import { youtubeRateLimit } from '../../src/platforms/youtube/errors'
import { fakesPerTest, longText, type Received } from '../support/fake-upstream'
import { youtubeKeyRefused, youtubeQuotaExceeded } from '../support/platform-rules'

// A fake YouTube Data API v3: search.list (GET /youtube/v3/search) and videos.list (GET /youtube/v3/videos), in the
// documented youtube#searchListResponse / youtube#videoListResponse shapes.
const startFake = fakesPerTest()

const KEY = 'AIzaSy-secret-key'
type Answer = Response | Promise<Response>
const video = (
  n: number,
  extra: { snippet?: Record<string, unknown>; statistics?: Record<string, unknown> | null } = {},
) => ({
  kind: 'youtube#video',
  etag: `e${n}`,
  id: `vid${n}`,
  snippet: {
    publishedAt: '2026-03-01T12:00:00Z',
    channelId: 'UC123',
    title: `Acme review #${n}`,
    description: `Full description ${n}`,
    thumbnails: {},
    channelTitle: 'Jane Tech',
    liveBroadcastContent: 'none',
    ...extra.snippet,
  },
  ...(extra.statistics === null
    ? {}
    : {
        statistics: { viewCount: '1200', likeCount: '80', favoriteCount: '0', commentCount: '12', ...extra.statistics },
      }),
})
const searchResult = (n: number) => ({
  kind: 'youtube#searchResult',
  etag: `s${n}`,
  id: { kind: 'youtube#video', videoId: `vid${n}` },
  snippet: {
    publishedAt: '2026-03-01T12:00:00Z',
    channelId: 'UC123',
    title: `Acme review #${n}`,
    description: 'Full desc…',
    channelTitle: 'Jane Tech',
  },
})
const searchPage = (items: unknown[], nextPageToken?: string) =>
  Response.json({
    kind: 'youtube#searchListResponse',
    etag: 'x',
    regionCode: 'US',
    pageInfo: { totalResults: 1000000, resultsPerPage: items.length },
    ...(nextPageToken ? { nextPageToken } : {}),
    items,
  })
// By default the videos call answers every asked id with video(n).
const videosFor = (req: Received, make: (n: number) => unknown = video) =>
  Response.json({
    kind: 'youtube#videoListResponse',
    etag: 'y',
    pageInfo: { totalResults: 1, resultsPerPage: 1 },
    items: (req.url.searchParams.get('id') ?? '')
      .split(',')
      .filter(Boolean)
      .map((id) => make(Number(id.slice(3)))),
  })
function fakeYoutube(o: { search?: (req: Received) => Answer; videos?: (req: Received) => Answer } = {}) {
  const f = startFake((req) => {
    if (req.url.pathname === '/youtube/v3/search') return o.search?.(req) ?? searchPage([])
    if (req.url.pathname === '/youtube/v3/videos') return o.videos?.(req) ?? videosFor(req)
    return new Response('not found', { status: 404 })
  })
  return {
    ...f,
    searches: () => f.received.filter((r) => r.url.pathname.endsWith('/search')),
    videoCalls: () => f.received.filter((r) => r.url.pathname.endsWith('/videos')),
  }
}
const connector = (origin: string, env: Record<string, string> = {}, lines: string[] = []) =>
  createYoutubeConnector(
    loadConfig({
      env: { LEAD_SIGNALS_PLATFORMS_YOUTUBE_BASE_URL: origin, LEAD_SIGNALS_PLATFORMS_YOUTUBE_API_KEY: KEY, ...env },
    }).platforms.youtube,
    createLogger((l) => lines.push(l)),
  )

describe('youtube connector against a fake Data API v3', () => {
  test('searches the newest videos with the key, then asks videos.list once for the found ids', async () => {
    const yt = fakeYoutube({ search: () => searchPage([searchResult(1), searchResult(2)]) })
    await connector(yt.origin).search('crm tool', 7)
    expect(yt.received).toHaveLength(2)
    const [search, videos] = yt.received
    expect(search.method).toBe('GET')
    expect(search.url.pathname).toBe('/youtube/v3/search')
    expect(Object.fromEntries(search.url.searchParams)).toEqual({
      part: 'snippet',
      type: 'video',
      order: 'date',
      q: 'crm tool',
      maxResults: '7',
      key: KEY,
    })
    expect(search.headers.get('user-agent')).toContain('lead-signals')
    expect(videos.method).toBe('GET')
    expect(videos.url.pathname).toBe('/youtube/v3/videos')
    expect(Object.fromEntries(videos.url.searchParams)).toEqual({
      part: 'statistics,snippet',
      id: 'vid1,vid2',
      key: KEY,
    })
  })

  test('no results: no videos call and an empty list', async () => {
    const yt = fakeYoutube()
    expect(await connector(yt.origin).search('crm', 10)).toEqual([])
    expect(yt.videoCalls()).toHaveLength(0)
  })

  test('maps videos from videos.list: unescaped title, whole description, string counts; hidden counts are 0', async () => {
    const description = longText()
    const yt = fakeYoutube({
      search: () =>
        searchPage([
          { ...searchResult(1), snippet: { ...searchResult(1).snippet, title: 'Don&#39;t buy a CRM &amp; regret it' } },
          searchResult(2),
        ]),
      videos: (req) =>
        videosFor(req, (n) =>
          n === 1
            ? video(1, { snippet: { title: "Don't buy a CRM & regret it", description } })
            : video(2, {
                snippet: { description: '', channelTitle: undefined },
                statistics: { likeCount: undefined, commentCount: undefined },
              }),
        ),
    })
    const mentions = await connector(yt.origin).search('crm', 10)
    expect(mentions[0]).toEqual({
      id: 'youtube:vid1',
      author: 'Jane Tech',
      platform: 'youtube',
      title: "Don't buy a CRM & regret it",
      content: `Don't buy a CRM & regret it\n\n${description}`,
      url: 'https://www.youtube.com/watch?v=vid1',
      profileUrl: 'https://www.youtube.com/channel/UC123',
      date: '2026-03-01T12:00:00.000Z',
      engagement: { likes: 80, comments: 12, shares: 0 },
    })
    expect(mentions[0].content.endsWith(description)).toBe(true)
    expect(mentions[1]).toEqual({
      id: 'youtube:vid2',
      author: 'UC123',
      platform: 'youtube',
      title: 'Acme review #2',
      content: 'Acme review #2',
      url: 'https://www.youtube.com/watch?v=vid2',
      profileUrl: 'https://www.youtube.com/channel/UC123',
      date: '2026-03-01T12:00:00.000Z',
      engagement: { likes: 0, comments: 0, shares: 0 },
    })
  })

  test('keeps search order (newest first) and leaves out a video that videos.list no longer returns', async () => {
    const yt = fakeYoutube({
      search: () => searchPage([searchResult(3), searchResult(2), searchResult(1)]),
      videos: () => Response.json({ items: [video(1), video(3)] }),
    })
    expect((await connector(yt.origin).search('crm', 10)).map((m) => m.id)).toEqual(['youtube:vid3', 'youtube:vid1'])
  })

  // search.list's maxResults is a maximum: a page may hold fewer, with a nextPageToken. Each call costs 100 quota units
  // and the search is charged one per 50 results before it is sent (docs/platforms.md#budgets): no call more is sent.
  test('short search pages: nextPageToken is followed only within the calls the search was charged', async () => {
    const yt = fakeYoutube({
      search: () => {
        const n = yt.searches().length - 1
        return searchPage(
          Array.from({ length: 20 }, (_, i) => searchResult(n * 20 + i + 1)),
          `page-${n + 1}`,
        )
      },
    })
    expect(await connector(yt.origin).search('crm', 50)).toHaveLength(20)
    expect(yt.searches().map((r) => r.url.searchParams.get('maxResults'))).toEqual(['50'])
    const mentions = await connector(yt.origin).search('crm', 100)
    expect(
      yt
        .searches()
        .slice(1)
        .map((r) => r.url.searchParams.get('pageToken')),
    ).toEqual([null, 'page-2'])
    expect(
      yt
        .searches()
        .slice(1)
        .map((r) => r.url.searchParams.get('maxResults')),
    ).toEqual(['50', '50'])
    expect(yt.videoCalls()).toHaveLength(2)
    expect(mentions).toHaveLength(40)
    expect(new Set(mentions.map((m) => m.id)).size).toBe(40)
  })

  test('stops when there is no nextPageToken', async () => {
    const yt = fakeYoutube({ search: () => searchPage([searchResult(1), searchResult(2)]) })
    expect(await connector(yt.origin).search('crm', 50)).toHaveLength(2)
    expect(yt.searches()).toHaveLength(1)
  })

  test('skips and logs a malformed search result and a malformed video', async () => {
    const lines: string[] = []
    const yt = fakeYoutube({
      search: () =>
        searchPage([{ id: { kind: 'youtube#channel', channelId: 'UCx' } }, searchResult(2), searchResult(3)]),
      videos: () => Response.json({ items: [{ id: 'vid2', snippet: { title: 'no date' } }, video(3)] }),
    })
    const mentions = await connector(yt.origin, {}, lines).search('crm', 10)
    expect(mentions.map((m) => m.id)).toEqual(['youtube:vid3'])
    expect(lines.filter((l) => JSON.parse(l).event === 'platform_item_skipped')).toHaveLength(2)
  })

  test('a search or videos answer without an items list is an upstream_error', async () => {
    const a = fakeYoutube({ search: () => Response.json({ kind: 'youtube#searchListResponse' }) })
    await expect(connector(a.origin).search('crm', 5)).rejects.toMatchObject({ kind: 'upstream_error' })
    const b = fakeYoutube({
      search: () => searchPage([searchResult(1)]),
      videos: () => Response.json({ error: 'odd' }),
    })
    await expect(connector(b.origin).search('crm', 5)).rejects.toMatchObject({ kind: 'upstream_error' })
  })

  test('a 403 quotaExceeded (or dailyLimitExceeded) is a rate limit until midnight Pacific time; the message does not carry the key', async () => {
    let reason: 'quotaExceeded' | 'dailyLimitExceeded' = 'quotaExceeded'
    const yt = fakeYoutube({ search: () => youtubeQuotaExceeded(reason) })
    const midnight = nextMidnightIn('America/Los_Angeles', new Date()).getTime()
    for (const r of ['quotaExceeded', 'dailyLimitExceeded'] as const) {
      reason = r
      const err = await connector(yt.origin)
        .search('crm', 5)
        .catch((e) => e)
      expect(err).toMatchObject({ kind: 'upstream_error', status: 403 })
      const retryAt = Date.now() + err.extra.retryAfterSec * 1000
      expect(Math.abs(retryAt - midnight)).toBeLessThan(5000)
      expect(err.message).toContain(`403 ${r}, the daily quota resets at midnight Pacific time`)
      expect(err.message).not.toContain(KEY)
    }
  })

  test('a key YouTube refuses (not valid: 400; the API not enabled: 403) says so and what to fix, without the key', async () => {
    let kind: 'invalid' | 'disabled' = 'invalid'
    const yt = fakeYoutube({ search: () => youtubeKeyRefused(kind) })
    const refusal = () =>
      connector(yt.origin)
        .search('crm', 5)
        .catch((e) => e)
    const invalid = await refusal()
    expect(invalid).toMatchObject({ kind: 'upstream_error', status: 400, refusedCredentials: true })
    expect(invalid.message).toBe(
      'youtube refused the api_key (400 API_KEY_INVALID): set platforms.youtube.api_key to a key of the YouTube Data API v3',
    )
    expect(invalid.extra.retryAfterSec).toBeUndefined()
    kind = 'disabled'
    const disabled = await refusal()
    expect(disabled).toMatchObject({ kind: 'upstream_error', status: 403, refusedCredentials: true })
    expect(disabled.message).toBe(
      "youtube refused the api_key (403 SERVICE_DISABLED): enable the YouTube Data API v3 in the key's Google Cloud project",
    )
    for (const err of [invalid, disabled]) expect(err.message).not.toContain(KEY)
  })

  test('another error names its reason', async () => {
    const yt = fakeYoutube({
      search: () =>
        Response.json(
          { error: { code: 400, message: 'Invalid value', errors: [{ reason: 'invalidSearchFilter' }] } },
          { status: 400 },
        ),
    })
    const err = await connector(yt.origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', status: 400, refusedCredentials: false })
    expect(err.message).toBe('youtube answered with status 400 (invalidSearchFilter)')
  })

  // developers.google.com/youtube/v3/getting-started#quota: the project's quota is a day's, reset at midnight Pacific
  // time. A Retry-After past that (three days, from a proxy gone wrong) would hold the project's searches on every
  // server that long, across restarts (docs/platforms.md#rate-limits): it is kept until the quota day ends.
  test('a 429 asking for longer than the quota day is kept until midnight Pacific time, and says what was asked', async () => {
    const yt = fakeYoutube({
      search: () =>
        Response.json(
          { error: { code: 429, message: 'slow down' } },
          { status: 429, headers: { 'retry-after': '259200' } },
        ),
    })
    const err = await connector(yt.origin)
      .search('crm', 5)
      .catch((e) => e)
    const dayEnd = Math.ceil((nextMidnightIn('America/Los_Angeles', new Date()).getTime() - Date.now()) / 1000)
    expect(err.extra.retryAfterSec).toBeGreaterThanOrEqual(dayEnd - 2)
    expect(err.extra.retryAfterSec).toBeLessThanOrEqual(dayEnd)
    expect(err.message).toBe(
      `youtube is rate limited (429, asked for 259200 s: the daily quota resets at midnight Pacific time); retry after ${err.extra.retryAfterSec} s`,
    )
    // A wait within the day is kept as asked.
    expect(
      youtubeRateLimit({ status: 429, headers: new Headers({ 'retry-after': '120' }), text: '' }, Date.now()),
    ).toEqual({ retryAfterSec: 120, why: '429' })
  })

  test('the quota day: midnight Pacific, summer time and winter time', () => {
    const at = (iso: string) =>
      youtubeRateLimit(
        {
          status: 403,
          headers: new Headers(),
          text: JSON.stringify({ error: { errors: [{ reason: 'quotaExceeded' }] } }),
        },
        Date.parse(iso),
      )
    expect(at('2026-11-15T12:00:00Z')?.retryAfterSec).toBe(20 * 3600)
    expect(at('2026-07-01T06:00:00Z')?.retryAfterSec).toBe(3600)
    // Another 403 is not a quota; a rateLimitExceeded one is a short limit.
    expect(
      youtubeRateLimit(
        { status: 403, headers: new Headers(), text: '{"error":{"errors":[{"reason":"forbidden"}]}}' },
        0,
      ),
    ).toBeUndefined()
    expect(
      youtubeRateLimit(
        { status: 403, headers: new Headers(), text: '{"error":{"errors":[{"reason":"rateLimitExceeded"}]}}' },
        0,
      )?.retryAfterSec,
    ).toBe(60)
  })

  test('limit 100 asks videos.list in two calls of at most 50 ids', async () => {
    const yt = fakeYoutube({
      search: () => {
        const n = yt.searches().length - 1
        return searchPage(
          Array.from({ length: 50 }, (_, i) => searchResult(n * 50 + i + 1)),
          `page-${n + 1}`,
        )
      },
    })
    const mentions = await connector(yt.origin).search('crm', 100)
    expect(yt.searches()).toHaveLength(2)
    expect(yt.videoCalls().map((r) => r.url.searchParams.get('id')!.split(',').length)).toEqual([50, 50])
    expect(mentions).toHaveLength(100)
    expect(mentions.at(-1)!.id).toBe('youtube:vid100')
  })

  test('an unreachable host is an upstream_error; neither the message nor its log line carries the key', async () => {
    const yt = fakeYoutube()
    yt.stop()
    const err = await connector(yt.origin, {})
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error' })
    expect(err.message).not.toContain(KEY)
    // What the search's failure line says of it: the network's error, without the address that carries the key.
    expect(describeError(err)).toContain('ECONNREFUSED')
    expect(describeError(err)).not.toContain(KEY)
  })

  test('a slow answer is an upstream_timeout', async () => {
    const yt = fakeYoutube({ search: () => Bun.sleep(400).then(() => searchPage([])) })
    await expect(
      connector(yt.origin, { LEAD_SIGNALS_PLATFORMS_YOUTUBE_TIMEOUT_MS: '100' }).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'upstream_timeout' })
  })
})
