import { describe, expect, test } from 'bun:test'
import { longText } from '../support/fake-upstream'
import { connector, KEY, searchPage, searchResult, video, videosFor, youtubeFakes } from './youtube-fake'

// The YouTube connector searching and reading videos against the fake in youtube-fake.ts. Its quota, refused keys
// and failures are in youtube-errors.test.ts.
const fakeYoutube = youtubeFakes()

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
})
