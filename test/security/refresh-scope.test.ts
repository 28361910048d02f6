// A refresh asking for a scope the grant lacks is refused before the token is used, so the client's retry with the
// right scope is not taken for a replay (docs/oauth.md#tokens).
import { afterEach, describe, expect, test } from 'bun:test'
import { bearer, oauthWorld, obtainTokens, tokenRequest } from '../support/oauth'

let stop: (() => void) | undefined
afterEach(() => stop?.())

describe('refresh with a scope the grant lacks', () => {
  test('invalid_scope, and the same refresh token still works after', async () => {
    const w = await oauthWorld({})
    stop = w.stop
    const tokens = await obtainTokens(w, { scope: 'signals:read' })
    const form = { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: tokens.clientId }
    const wider = await tokenRequest(w, { ...form, scope: 'signals:read leads:score' })
    expect(wider.status).toBe(400)
    expect(wider.body.error).toBe('invalid_scope')
    const retry = await tokenRequest(w, form)
    expect(retry.status).toBe(200)
    const signals = await fetch(`${w.base}/api/v1/signals`, { headers: bearer(retry.body.access_token) })
    expect(signals.status).toBe(200)
  })
  test('a narrower refresh narrows that access token only: the new refresh token keeps the grant (RFC 6749 §6)', async () => {
    const w = await oauthWorld({})
    stop = w.stop
    const tokens = await obtainTokens(w, { scope: 'signals:read usage:read' })
    const form = { grant_type: 'refresh_token', client_id: tokens.clientId }
    const narrow = await tokenRequest(w, { ...form, refresh_token: tokens.refresh_token, scope: 'usage:read' })
    expect([narrow.status, narrow.body.scope]).toEqual([200, 'usage:read'])
    const signals = await fetch(`${w.base}/api/v1/signals`, { headers: bearer(narrow.body.access_token) })
    expect(signals.status).toBe(403)
    // The next refresh without scope gets what the user allowed: it got usage:read only, for good, so one
    // least-privilege token cost the client its other scopes until the user allowed it again.
    const next = await tokenRequest(w, { ...form, refresh_token: narrow.body.refresh_token })
    expect([next.status, next.body.scope]).toEqual([200, 'signals:read usage:read'])
    const again = await fetch(`${w.base}/api/v1/signals`, { headers: bearer(next.body.access_token) })
    expect(again.status).toBe(200)
  })
})
