// Client registration (RFC 7591) with a metadata field named twice: a JSON reader keeps the last value, while a filter
// in front of the service may have checked the first (the redirect URIs it allows, say). Refused as the API's bodies
// are (docs/security.md#requests), in OAuth's error shape, and no client is kept. On a real socket.
import { afterEach, expect, test } from 'bun:test'
import { oauthWorld, REDIRECT_URI } from '../support/oauth'

let stop: (() => void) | undefined
afterEach(() => stop?.())

test('redirect_uris given twice is invalid_client_metadata and registers nothing; once, it registers', async () => {
  const w = await oauthWorld()
  stop = w.stop
  const register = (body: string) =>
    fetch(`${w.base}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  const clients = async () =>
    (await w.deps.database.client.execute('select count(*) as n from oauth_clients')).rows[0].n
  const before = await clients()
  const uris = JSON.stringify([REDIRECT_URI])
  const twice = await register(
    `{"client_name":"Script","redirect_uris":${uris},"redirect_uris":["http://127.0.0.1:9/other"],` +
      '"token_endpoint_auth_method":"none"}',
  )
  expect(twice.status).toBe(400)
  expect(await twice.json()).toEqual({
    error: 'invalid_client_metadata',
    error_description: 'redirect_uris is given twice',
  })
  expect(await clients()).toBe(before)
  const once = await register(`{"client_name":"Script","redirect_uris":${uris},"token_endpoint_auth_method":"none"}`)
  expect(once.status).toBe(201)
})
