/**
 * A reverse proxy on 127.0.0.1 in front of the console's server (`upstream`, an origin): `own` may answer a request
 * itself, as a proxy answers with a page of its own (a 429, a 502); everything else is passed on and its answer sent
 * back as it came.
 */
export function pageProxy(upstream: string, own: (req: Request, url: URL) => Response | undefined) {
  return Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      const answer = own(req, url)
      if (answer) return answer
      const res = await fetch(`${upstream}${url.pathname}${url.search}`, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        redirect: 'manual',
      })
      // fetch has unzipped the body: the proxy sends it as it is.
      const headers = new Headers(res.headers)
      headers.delete('content-encoding')
      headers.delete('content-length')
      return new Response(res.body, { status: res.status, headers })
    },
  })
}
