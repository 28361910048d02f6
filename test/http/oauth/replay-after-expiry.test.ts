// docs/oauth.md#tokens: a refresh token presented again after its use ends its family, since one of its two holders
// is not the client. A used one was told apart only until its own expiry, though housekeeping keeps it until the
// first of the month: a thief who rotated a stolen token kept the family when the client came back with the token
// after that day, the usual case for an assistant used once a month.
import { expect, test } from 'bun:test'
import { oauthWorldsPerTest, obtainTokens, tokenRequest } from '../../support/oauth'

const world = oauthWorldsPerTest()
const DAY = 86_400_000

test('a used refresh token presented after its expiry still ends the family that went on from it', async () => {
  const w = await world()
  const later = (ms: number) => w.clock.set(new Date(w.clock.now().getTime() + ms))
  const stolen = await obtainTokens(w)
  const form = { grant_type: 'refresh_token', refresh_token: stolen.refresh_token, client_id: stolen.clientId }
  // The thief rotates it a day later; the family goes on with the new token, valid for 30 days from then.
  later(DAY)
  const thief = await tokenRequest(w, form)
  expect(thief.status).toBe(200)
  // The client comes back on day 30.5: its token expired on day 30, the thief's is valid until day 31.
  later(29.5 * DAY)
  const client = await tokenRequest(w, form)
  expect(client.status).toBe(400)
  expect(client.body.error).toBe('invalid_grant')
  const after = await tokenRequest(w, { ...form, refresh_token: thief.body.refresh_token })
  expect(after.status).toBe(400)
  expect(after.body.error).toBe('invalid_grant')
})
