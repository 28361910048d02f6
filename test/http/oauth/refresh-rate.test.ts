import { expect, test } from 'bun:test'
import { REFRESHES_PER_FAMILY } from '../../../src/domain/oauth/refresh-rate'
import { obtainTokens, oauthWorldsPerTest, tokenRequest } from '../../support/oauth'

const world = oauthWorldsPerTest()

const refresh = (w: Awaited<ReturnType<typeof world>>, clientId: string, token: string) =>
  tokenRequest(w, { grant_type: 'refresh_token', refresh_token: token, client_id: clientId })

// docs/security.md#what-is-bounded: each refresh writes a new access and refresh token, kept while the family lives,
// and a stolen refresh token is rotated by its thief without anyone noticing until the client comes back (RFC 9700
// §4.14.2). Without a bound per family, one token could be spun thousands of times a minute, a row pair each time.
test('a token family refreshes a bounded number of times in 10 minutes; the next is 429 and keeps the token', async () => {
  const w = await world()
  const other = await obtainTokens(w)
  let { clientId, refresh_token: token } = await obtainTokens(w)
  for (let i = 0; i < REFRESHES_PER_FAMILY; i++) {
    const answer = await refresh(w, clientId, token)
    expect(answer.status).toBe(200)
    token = answer.body.refresh_token
  }
  const refused = await refresh(w, clientId, token)
  expect(refused.status).toBe(429)
  expect(refused.body.error).toBe('temporarily_unavailable')
  expect(refused.body.error_description).toContain('refreshed')
  const wait = Number(refused.headers.get('retry-after'))
  expect(wait).toBeGreaterThan(0)
  expect(wait).toBeLessThanOrEqual(600)
  expect(refused.headers.get('cache-control')).toBe('no-store')
  // Another family is not held back by this one.
  expect((await refresh(w, other.clientId, other.refresh_token)).status).toBe(200)
  // Once the window has moved, the same token works: the refusal neither used it up nor ended its family.
  w.clock.set(new Date(w.clock.now().getTime() + wait * 1000))
  const later = await refresh(w, clientId, token)
  expect(later.status).toBe(200)
  expect(later.body.refresh_token).toBeString()
})

test('refused refreshes (an unknown token) are not counted against a family', async () => {
  const w = await world()
  const { clientId, refresh_token: token } = await obtainTokens(w)
  for (let i = 0; i < REFRESHES_PER_FAMILY + 1; i++)
    expect((await refresh(w, clientId, `${token}x`)).body.error).toBe('invalid_grant')
  expect((await refresh(w, clientId, token)).status).toBe(200)
})
