// `serve` with server.port 0 listens on a free port the system picks (docs/operations.md): a page of this machine on
// that port is the service's own, as on a configured port (docs/api.md#mcp-over-http), and others are still refused.
import { afterAll, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { listen, postMcp } from '../support/mcp'

const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})

const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })

async function world() {
  const { deps } = await testDeps({ config: { server: { port: 0 } } })
  const { apiKey } = await seedTeam(deps)
  const server = listen(deps)
  stops.push(server.stop)
  return { apiKey, mcpUrl: server.mcpUrl, port: Number(server.mcpUrl.port) }
}

test('on a free port, loopback pages of the port it listens on are answered, with CORS headers', async () => {
  const { apiKey, mcpUrl, port } = await world()
  for (const own of [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
    const res = await postMcp(mcpUrl, ping, { 'x-api-key': apiKey, origin: own })
    expect([own, res.status, res.headers.get('access-control-allow-origin')]).toEqual([own, 200, own])
  }
})

test('on a free port, other ports of this machine, port 0 and other sites are still 403', async () => {
  const { apiKey, mcpUrl, port } = await world()
  for (const other of [`http://localhost:${port + 1}`, 'http://localhost:0', `http://evil.example:${port}`]) {
    const res = await postMcp(mcpUrl, ping, { 'x-api-key': apiKey, origin: other })
    expect([other, res.status, res.headers.get('access-control-allow-origin')]).toEqual([other, 403, null])
  }
})

test("on a free port, a 413 answered before /mcp's route runs carries the CORS headers of a loopback page", async () => {
  const { apiKey, mcpUrl, port } = await world()
  const own = `http://127.0.0.1:${port}`
  const res = await postMcp(mcpUrl, `{"x":"${'a'.repeat(1_100_000)}"}`, { 'x-api-key': apiKey, origin: own })
  expect([res.status, res.headers.get('access-control-allow-origin')]).toEqual([413, own])
})
