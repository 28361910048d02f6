import { expect, test } from 'bun:test'
import { DEMO_EMAIL, ensureDemoUser } from '../../../src/domain/users/demo-user'
import { bearer, obtainTokens, oauthWorldsPerTest, tokenRequest } from '../../support/oauth'

const world = oauthWorldsPerTest()
const SAME_SITE = { 'sec-fetch-site': 'same-origin' }

// docs/console.md#first-user: the demo's owner gets a new password at every `serve --demo`, only because its old one
// cannot be shown again. An assistant connected over OAuth, like the demo keys, goes on working after a restart.
test('a demo restart changes the password only: the apps and console sessions of demo@localhost go on', async () => {
  const w = await world()
  const first = await ensureDemoUser(w.deps, { team: 'acme' })
  const signIn = (password: string) =>
    fetch(`${w.base}/console/api/session`, {
      method: 'POST',
      headers: { ...SAME_SITE, 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_EMAIL, password }),
    })
  const session = await signIn(first.password)
  const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0]
  const tokens = await obtainTokens(w, { email: DEMO_EMAIL, password: first.password })

  const second = await ensureDemoUser(w.deps, { team: 'acme' })
  expect((await signIn(first.password)).status).toBe(401)
  expect((await signIn(second.password)).status).toBe(200)
  expect((await fetch(`${w.base}/api/v1/usage`, { headers: bearer(tokens.access_token) })).status).toBe(200)
  const refreshed = await tokenRequest(w, {
    grant_type: 'refresh_token',
    refresh_token: tokens.refresh_token,
    client_id: tokens.clientId,
  })
  expect(refreshed.status).toBe(200)
  expect((await fetch(`${w.base}/console/api/me`, { headers: { cookie } })).status).toBe(200)
})
