// A Bluesky AppView on 127.0.0.1 answering app.bsky.actor.getProfiles as its lexicon documents it
// (docs/streams.md#author-names): GET /xrpc/app.bsky.actor.getProfiles with 1 to 25 `actors`, more refused with 400
// {error: "InvalidRequest"}; {profiles: [{did, handle, displayName}]}, an actor it does not know left out.

export type FakeProfile = { handle: string; displayName?: string }

export function fakeAppView(profiles: Record<string, FakeProfile> = {}) {
  // The actors of each call, in order.
  const calls: string[][] = []
  let status: number | undefined
  let delayMs = 0
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const url = new URL(req.url)
      if (url.pathname !== '/xrpc/app.bsky.actor.getProfiles') return new Response('not found', { status: 404 })
      const actors = url.searchParams.getAll('actors')
      calls.push(actors)
      if (delayMs) await Bun.sleep(delayMs)
      if (status) return Response.json({ error: 'InternalServerError', message: 'down' }, { status })
      if (actors.length === 0 || actors.length > 25)
        return Response.json({ error: 'InvalidRequest', message: 'actors must have 1 to 25 items' }, { status: 400 })
      const found = actors.flatMap((did) => {
        const p = profiles[did]
        return p ? [{ did, handle: p.handle, displayName: p.displayName ?? '', labels: [] }] : []
      })
      return Response.json({ profiles: found })
    },
  })
  return {
    origin: `http://127.0.0.1:${server.port}`,
    calls,
    profiles,
    /** Answers every call with this status. */
    down(s = 503) {
      status = s
    },
    /** Serves again. */
    up() {
      status = undefined
    },
    /** Answers every call this late. */
    slow(ms: number) {
      delayMs = ms
    },
    stop: () => server.stop(true),
  }
}
