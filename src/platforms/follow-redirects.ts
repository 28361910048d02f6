// docs/security.md#outbound-requests: a platform's key goes to the platform's own origin only. The runtime's fetch,
// following a redirect to another origin, drops Authorization (the Fetch standard's rule) but passes on a key in a
// header of the platform's own (DEV's `api-key`); so redirects are followed here, and past the first origin only
// these headers go on.
const KEPT_ELSEWHERE = new Set(['user-agent', 'accept', 'accept-language'])
// As many as a browser follows before it gives up; the last redirect is then the answer.
const MAX_REDIRECTS = 20

export type FollowedRequest = {
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body?: string
  signal: AbortSignal
}

/**
 * `fetch` following redirects as the Fetch standard does (a 303, or a 301/302 to a POST, asks again with a GET and no
 * body; 307 and 308 keep both), except that once a redirect leaves the first URL's origin only the headers that carry
 * no key are sent, to that origin and any after it.
 */
export async function fetchFollowing(url: URL, r: FollowedRequest): Promise<Response> {
  let at = url
  let { method, headers, body } = r
  for (let hop = 0; ; hop++) {
    const res = await fetch(at, { method, headers, body, signal: r.signal, redirect: 'manual' })
    const location = res.headers.get('location')
    if (res.status < 300 || res.status >= 400 || res.status === 304 || !location || hop === MAX_REDIRECTS) return res
    const next = URL.canParse(location, at.href) ? new URL(location, at) : undefined
    // Only to the web: the runtime's fetch also reads file: URLs, which a redirect must never name.
    if (next?.protocol !== 'https:' && next?.protocol !== 'http:') return res
    await res.body?.cancel().catch(() => {})
    if (next.origin !== url.origin) headers = keptElsewhere(headers)
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
      method = 'GET'
      body = undefined
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-type'))
    }
    at = next
  }
}

const keptElsewhere = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => KEPT_ELSEWHERE.has(name.toLowerCase())))
