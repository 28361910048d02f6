// Algolia's Hacker News Search (search_by_date, docs/platforms.md), slowed down, for the tests of a call its client
// gave up on or that ran past its bound (docs/api.md#a-call-the-client-gave-up-on).

/** A Hacker News search answering after `ms`; `aborted` counts the requests whose client went away first. */
export function slowHackerNews(ms: number) {
  const seen = { requests: 0, aborted: 0 }
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    // Bun's default of 10 s would close a connection the fake is still holding.
    idleTimeout: 255,
    async fetch(request) {
      seen.requests++
      const gone = new Promise<'gone'>((resolve) => request.signal.addEventListener('abort', () => resolve('gone')))
      const outcome = await Promise.race([Bun.sleep(ms).then(() => 'answered' as const), gone])
      if (outcome === 'gone') seen.aborted++
      return Response.json({ hits: [], nbHits: 0, page: 0, nbPages: 1 })
    },
  })
  return { origin: server.url.origin, seen, stop: () => server.stop(true) }
}

/** Waits up to `ms` for `check` to hold. */
export async function until(check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms
  while (!check() && Date.now() < end) await Bun.sleep(20)
}
