// The ceiling: a bare Bun.serve answering a small JSON object, measured with the same load generator as the service.
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch: () => Response.json({ ok: true, team: 'baseline', used: 0, remaining: null }),
})
console.log(JSON.stringify({ event: 'listening', url: server.url.origin }))
