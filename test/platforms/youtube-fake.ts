import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createYoutubeConnector } from '../../src/platforms/youtube/connector'
import { fakesPerTest, type Received } from '../support/fake-upstream'

// A fake YouTube Data API v3: search.list (GET /youtube/v3/search) and videos.list (GET /youtube/v3/videos), in the
// documented youtube#searchListResponse / youtube#videoListResponse shapes.
// Shared by youtube.test.ts (searching) and youtube-errors.test.ts (quota, refused keys, failures).

export const KEY = 'AIzaSy-secret-key'
type Answer = Response | Promise<Response>
export const video = (
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
export const searchResult = (n: number) => ({
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
export const searchPage = (items: unknown[], nextPageToken?: string) =>
  Response.json({
    kind: 'youtube#searchListResponse',
    etag: 'x',
    regionCode: 'US',
    pageInfo: { totalResults: 1000000, resultsPerPage: items.length },
    ...(nextPageToken ? { nextPageToken } : {}),
    items,
  })
// By default the videos call answers every asked id with video(n).
export const videosFor = (req: Received, make: (n: number) => unknown = video) =>
  Response.json({
    kind: 'youtube#videoListResponse',
    etag: 'y',
    pageInfo: { totalResults: 1, resultsPerPage: 1 },
    items: (req.url.searchParams.get('id') ?? '')
      .split(',')
      .filter(Boolean)
      .map((id) => make(Number(id.slice(3)))),
  })
function fakeYoutube(
  startFake: ReturnType<typeof fakesPerTest>,
  o: { search?: (req: Received) => Answer; videos?: (req: Received) => Answer } = {},
) {
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
export const connector = (origin: string, env: Record<string, string> = {}, lines: string[] = []) =>
  createYoutubeConnector(
    loadConfig({
      env: { LEAD_SIGNALS_PLATFORMS_YOUTUBE_BASE_URL: origin, LEAD_SIGNALS_PLATFORMS_YOUTUBE_API_KEY: KEY, ...env },
    }).platforms.youtube,
    createLogger((l) => lines.push(l)),
  )

/** A fake Data API per test (stopped after each), for the test file that calls this at its top. */
export function youtubeFakes() {
  const startFake = fakesPerTest()
  return (o: Parameters<typeof fakeYoutube>[1] = {}) => fakeYoutube(startFake, o)
}
