// An empty body sent as JSON is told it is empty, over a real listening server: there a body of 0 bytes reaches the
// app with no body stream, which the in-process client never makes.
import { afterAll, describe, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { listen } from '../support/mcp'

const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})

describe('a JSON body of 0 bytes', () => {
  test('is answered "the request body is empty", by the API and the console', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps)
    const server = listen(deps)
    stops.push(server.stop)
    const post = (path: string, headers: Record<string, string>) =>
      fetch(`${server.origin}${path}`, { method: 'POST', headers, body: '' }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { error: { code: string; message: string; details?: unknown } },
      }))
    const json = { 'content-type': 'application/json' }
    expect(await post('/api/v1/leads/score', { ...json, 'x-api-key': apiKey })).toEqual({
      status: 400,
      body: {
        error: {
          code: 'invalid_request',
          message: 'the request body is empty; send a JSON object',
          details: [{ field: 'body', message: 'is empty; send a JSON object' }],
        },
      },
    })
    // Signing in to the console reads its body the same way (the page's origin sent, as a browser does).
    const signIn = await post('/console/api/session', { ...json, origin: server.origin })
    expect(signIn).toEqual({
      status: 400,
      body: {
        error: {
          code: 'invalid_request',
          message: 'the request body is empty; send a JSON object',
          details: [{ field: 'body', message: 'is empty; send a JSON object' }],
        },
      },
    })
    // Without a JSON content type the type is what is wrong.
    expect((await post('/api/v1/leads/score', { 'x-api-key': apiKey })).body.error.message).toBe(
      'send the body as JSON with Content-Type: application/json',
    )
  })
})
