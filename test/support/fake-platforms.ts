/**
 * A local fake of two platforms' search protocols on one 127.0.0.1 server, holding posts per keyword: Algolia HN
 * Search (`/api/v1/search_by_date`) and Reddit's keyless JSON search (`/search.json`). Each answers the newest posts
 * matching the keyword, at most the page size asked for, and records the searches it served. Used by the polling
 * tests and the pipeline benchmark.
 */
export type FakePost = { id: string; author: string; text: string; at: string }
export type FakePlatform = 'hackernews' | 'reddit'

export function fakePlatforms() {
  const posts = new Map<string, FakePost[]>()
  const searches: { platform: FakePlatform; keyword: string }[] = []
  const failures = new Map<FakePlatform, () => Response>()
  let delayMs = 0
  const key = (platform: string, keyword: string) => `${platform}\u0000${keyword.toLowerCase()}`

  const newest = (platform: FakePlatform, keyword: string, limit: number) =>
    [...(posts.get(key(platform, keyword)) ?? [])].sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit)

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const url = new URL(request.url)
      const platform: FakePlatform | undefined =
        url.pathname === '/api/v1/search_by_date'
          ? 'hackernews'
          : url.pathname === '/search.json'
            ? 'reddit'
            : undefined
      if (!platform) return new Response('not found', { status: 404 })
      const keyword = url.searchParams.get(platform === 'hackernews' ? 'query' : 'q') ?? ''
      searches.push({ platform, keyword })
      if (delayMs) await Bun.sleep(delayMs)
      const failure = failures.get(platform)
      if (failure) return failure()
      if (platform === 'hackernews') {
        const hits = newest(platform, keyword, Number(url.searchParams.get('hitsPerPage') ?? 20)).map((p) => ({
          objectID: p.id,
          author: p.author,
          created_at: p.at,
          title: null,
          story_text: null,
          comment_text: p.text,
          points: null,
          num_comments: null,
          _tags: ['comment'],
        }))
        return Response.json({ hits, nbHits: hits.length, page: 0, nbPages: 1 })
      }
      const children = newest(platform, keyword, Number(url.searchParams.get('limit') ?? 25)).map((p) => ({
        kind: 't3',
        data: {
          id: p.id,
          title: p.text,
          selftext: '',
          author: p.author,
          permalink: `/r/sales/comments/${p.id}/`,
          created_utc: Date.parse(p.at) / 1000,
          score: 1,
          num_comments: 0,
        },
      }))
      return Response.json({ kind: 'Listing', data: { after: null, children } })
    },
  })

  return {
    origin: server.url.origin,
    /** Platform settings that point both connectors here. */
    platformsConfig: { hackernews: { base_url: server.url.origin }, reddit: { public_url: server.url.origin } },
    searches,
    searchesOf: (platform: FakePlatform, keyword: string) =>
      searches.filter((s) => s.platform === platform && s.keyword.toLowerCase() === keyword.toLowerCase()).length,
    add(platform: FakePlatform, keyword: string, ...items: FakePost[]) {
      const list = posts.get(key(platform, keyword)) ?? []
      list.push(...items)
      posts.set(key(platform, keyword), list)
    },
    /** Every search of `platform` gets this answer until `fail(platform)` without one. */
    fail(platform: FakePlatform, answer?: () => Response) {
      if (answer) failures.set(platform, answer)
      else failures.delete(platform)
    },
    /** Every answer waits this long (after the search is recorded), e.g. to keep a request in flight. */
    slow(ms: number) {
      delayMs = ms
    },
    stop: () => server.stop(true),
  }
}
