// docs/security.md#what-is-bounded: what anyone can make the service store through OAuth without a key is bounded:
// the registration body and its URIs, registrations per address, clients nobody allowed (pruned after a day), and
// authorization requests per address (expired ones removed as new ones come).
import { afterEach, describe, expect, test } from 'bun:test'
import { createApp } from '../../src/app'
import { pruneUnusedClients } from '../../src/domain/oauth/clients'
import { oauthWorld, pkcePair, REDIRECT_URI } from '../support/oauth'

let stop: (() => void) | undefined
afterEach(() => stop?.())

async function world(oauth: Record<string, unknown> = {}, server: Record<string, unknown> = {}) {
  const w = await oauthWorld({ config: { oauth, server } })
  // Listening itself, as `serve` does, so that the app sees each connection's peer address.
  w.stop()
  const app = createApp(w.deps).listen({ port: 0, hostname: '127.0.0.1' })
  stop = () => app.stop(true)
  w.base = `http://127.0.0.1:${app.server?.port}`
  const register = (body: unknown, from = '203.0.113.1') =>
    fetch(`${w.base}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify(body),
    })
  const count = async (table: string) =>
    Number((await w.deps.database.client.execute(`select count(*) from ${table}`)).rows[0][0])
  return { ...w, register, count }
}

const client = (n: number) => ({
  redirect_uris: [REDIRECT_URI],
  client_name: `c${n}`,
  token_endpoint_auth_method: 'none',
})

describe('OAuth without a key stores only so much', () => {
  test('a body over 16 KB, 6 redirect URIs or a URI over 512 characters is refused and stores nothing', async () => {
    const w = await world()
    const before = await w.count('oauth_clients')
    const huge = await w.register({ redirect_uris: [`https://a.example/${'x'.repeat(1_048_000)}`] })
    expect(huge.status).toBe(413)
    expect(((await huge.json()) as { error: string }).error).toBe('invalid_client_metadata')
    const six = await w.register({ redirect_uris: Array.from({ length: 6 }, (_, i) => `https://a.example/${i}`) })
    expect(six.status).toBe(400)
    const long = await w.register({ redirect_uris: [`https://a.example/${'x'.repeat(600)}`] })
    expect(long.status).toBe(400)
    expect(((await long.json()) as { error: string }).error).toBe('invalid_redirect_uri')
    expect(await w.count('oauth_clients')).toBe(before)
  })

  test('registrations per address: the limit is reached and held, other addresses are not held back', async () => {
    // The test client connects from 127.0.0.1, trusted as a proxy here so that each request names its address.
    const w = await world({ registrations_per_hour: 3 }, { trusted_proxies: ['127.0.0.1'] })
    for (let i = 0; i < 3; i++) expect((await w.register(client(i))).status).toBe(201)
    for (let i = 3; i < 8; i++) {
      const refused = await w.register(client(i))
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    expect((await w.register(client(9), '198.51.100.2')).status).toBe(201)
    expect(await w.count('oauth_clients')).toBe(4)
  })

  test('refused registrations do not count against the limit; their errors are OAuth’s, in plain words', async () => {
    const w = await world({ registrations_per_hour: 2 }, { trusted_proxies: ['127.0.0.1'] })
    for (let i = 0; i < 5; i++) {
      const refused = await w.register({ client_name: 'no uris' })
      expect(refused.status).toBe(400)
      expect(await refused.json()).toEqual({
        error: 'invalid_redirect_uri',
        error_description: 'redirect_uris: is required',
      })
    }
    // A form or plain text (which any web page can post without asking) is not a registration.
    const asText = await fetch(`${w.base}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': '203.0.113.1' },
      body: JSON.stringify(client(0)),
    })
    expect(asText.status).toBe(400)
    expect(((await asText.json()) as { error: string }).error).toBe('invalid_client_metadata')
    for (let i = 0; i < 2; i++) expect((await w.register(client(i))).status).toBe(201)
    expect((await w.register(client(2))).status).toBe(429)
    expect(await w.count('oauth_clients')).toBe(2)
  })

  test('clients nobody allowed: capped, and pruned a day after registering', async () => {
    const w = await world({ max_unused_clients: 5, registrations_per_hour: 1000 })
    for (let i = 0; i < 5; i++) expect((await w.register(client(i), `198.51.100.${i}`)).status).toBe(201)
    const full = await w.register(client(6), '198.51.100.77')
    expect(full.status).toBe(503)
    expect(((await full.json()) as { error: string }).error).toBe('temporarily_unavailable')
    expect(await w.count('oauth_clients')).toBe(5)
    // A day later housekeeping (or the next registration) removes them.
    await pruneUnusedClients(w.deps, new Date(Date.now() + 25 * 3_600_000))
    expect(await w.count('oauth_clients')).toBe(0)
    expect((await w.register(client(7), '198.51.100.78')).status).toBe(201)
  })

  test('authorization requests per address are capped; expired ones leave as new ones come', async () => {
    const w = await world()
    const reg = (await (await w.register(client(1))).json()) as { client_id: string }
    const authorize = () => {
      const url = new URL(`${w.base}/oauth/authorize`)
      const params = {
        response_type: 'code',
        client_id: reg.client_id,
        redirect_uri: REDIRECT_URI,
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
      }
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
      return fetch(url, { redirect: 'manual' })
    }
    const statuses: number[] = []
    for (let i = 0; i < 70; i++) statuses.push((await authorize()).status)
    expect(statuses.filter((s) => s === 302).length).toBe(60)
    expect(statuses.filter((s) => s === 429).length).toBe(10)
    expect(await w.count('oauth_requests')).toBe(60)
  })
})
