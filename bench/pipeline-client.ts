// The pipeline benchmark's baseline, run as its own process by bench/pipeline.ts: a bare client that sends the
// same searches as a polling pass (the URLs the Hacker News and Reddit connectors build, as many in flight as
// polling.concurrency) to the fake platform and JSON-parses each page, and nothing else: the upstream ceiling. Like the
// connector, it asks Reddit for an app token once and sends it with a User-Agent of Reddit's form (docs/platforms.md).
//   bun bench/pipeline-client.ts '{"origin":"http://127.0.0.1:1234","limit":100,"concurrency":4,"searches":[…]}'
// Prints one JSON line: {ms, pages, items, bytes}.
import { type FakePlatform, redditSettings } from '../test/support/fake-platforms'

export type ClientSpec = {
  origin: string
  limit: number
  concurrency: number
  searches: { platform: FakePlatform; keyword: string }[]
}
export type ClientResult = { ms: number; pages: number; items: number; bytes: number }

function urlOf(spec: ClientSpec, s: ClientSpec['searches'][number]): URL {
  if (s.platform === 'hackernews') {
    const url = new URL('/api/v1/search_by_date', spec.origin)
    url.search = new URLSearchParams({
      query: s.keyword,
      tags: '(story,comment)',
      hitsPerPage: String(spec.limit),
    }).toString()
    return url
  }
  const url = new URL('/search', spec.origin)
  url.search = new URLSearchParams({
    q: s.keyword,
    sort: 'new',
    limit: String(spec.limit),
    type: 'link',
    raw_json: '1',
  }).toString()
  return url
}

const USER_AGENT = 'server:com.example.leads:v1.0 (by /u/tester)'

async function redditToken(origin: string): Promise<string> {
  const res = await fetch(new URL('/api/v1/access_token', origin), {
    method: 'POST',
    headers: {
      'user-agent': USER_AGENT,
      'content-type': 'application/x-www-form-urlencoded',
      // The app the fake Reddit has approved (test/support/fake-platforms.ts redditSettings), as the server sends it.
      authorization: `Basic ${btoa(`${redditSettings('').client_id}:${redditSettings('').client_secret}`)}`,
    },
    body: 'grant_type=client_credentials',
  })
  if (!res.ok) throw new Error(`reddit token: ${res.status}`)
  return ((await res.json()) as { access_token: string }).access_token
}

async function run(spec: ClientSpec): Promise<ClientResult> {
  const headers = { 'user-agent': USER_AGENT, authorization: `bearer ${await redditToken(spec.origin)}` }
  let next = 0
  let items = 0
  let bytes = 0
  const t0 = performance.now()
  async function worker() {
    while (next < spec.searches.length) {
      const s = spec.searches[next++]
      const res = await fetch(urlOf(spec, s), s.platform === 'reddit' ? { headers } : undefined)
      const text = await res.text()
      if (!res.ok) throw new Error(`${s.platform} ${s.keyword}: ${res.status}`)
      bytes += text.length
      const body = JSON.parse(text) as { hits?: unknown[]; data?: { children: unknown[] } }
      items += (body.hits ?? body.data?.children ?? []).length
    }
  }
  await Promise.all(Array.from({ length: spec.concurrency }, worker))
  return { ms: performance.now() - t0, pages: spec.searches.length, items, bytes }
}

if (import.meta.main) {
  console.log(JSON.stringify(await run(JSON.parse(process.argv[2] ?? '') as ClientSpec)))
}
