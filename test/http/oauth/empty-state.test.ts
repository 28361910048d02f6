// RFC 6749 §4.1.2 and §4.1.2.1: state, when the request has it, comes back as it came, an empty one too. A client that
// sent `state=` and checks the answer's finds none, and cannot tell the answer is its own.
import { afterAll, describe, expect, test } from 'bun:test'
import { authorizeUrl, oauthWorld, pkcePair, registerClient } from '../../support/oauth'

const stops: (() => void)[] = []
afterAll(() => {
  for (const halt of stops) halt()
})

describe('an empty state', () => {
  test('comes back empty with a code, with access_denied and with an error', async () => {
    const w = await oauthWorld()
    stops.push(w.stop)
    const client = (await registerClient(w)).body
    const pkce = { code_challenge: pkcePair().challenge, code_challenge_method: 'S256', state: '' }
    const cookie = await w.signIn()
    const allowed = await w.consent(authorizeUrl(w, client.client_id, pkce), cookie)
    expect(allowed.redirect?.searchParams.get('code')).toBeTruthy()
    expect(allowed.redirect?.searchParams.get('state')).toBe('')
    const denied = await w.consent(authorizeUrl(w, client.client_id, pkce), cookie, false)
    expect(denied.redirect?.searchParams.get('error')).toBe('access_denied')
    expect(denied.redirect?.searchParams.get('state')).toBe('')
    const refused = await fetch(authorizeUrl(w, client.client_id, { ...pkce, code_challenge_method: 'plain' }), {
      redirect: 'manual',
    })
    const back = new URL(refused.headers.get('location') ?? '')
    expect(back.searchParams.get('error')).toBe('invalid_request')
    expect(back.searchParams.get('state')).toBe('')
  })
})
