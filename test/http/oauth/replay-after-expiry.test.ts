// docs/oauth.md#tokens: a refresh token presented again after its use ends its family, since one of its two holders
// is not the client (RFC 9700 §4.14.2). A used one was told apart only until its own expiry, though housekeeping kept
// it until the first of the month: a thief who rotated a stolen token kept the family when the client came back with
// the token after that day, the usual case for an assistant used once a month. Then housekeeping dropped every expired
// row, used ones too, so after its run such a replay was taken as an unknown token and the family went on.
import { expect, test } from 'bun:test'
import { runHousekeeping } from '../../../src/jobs/housekeeping'
import { bearer, oauthWorldsPerTest, obtainTokens, tokenRequest } from '../../support/oauth'

const world = oauthWorldsPerTest()
const DAY = 86_400_000

/** Tokens rotated on day 1 (the family goes on until day 31), then day 30.5: the first refresh token has expired. */
async function rotatedThenExpired(a: { housekeeping: boolean }) {
  const w = await world()
  const later = (ms: number) => w.clock.set(new Date(w.clock.now().getTime() + ms))
  const first = await obtainTokens(w)
  const form = { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: first.clientId }
  later(DAY)
  const rotated = await tokenRequest(w, form)
  expect(rotated.status).toBe(200)
  later(29.5 * DAY)
  if (a.housekeeping) await runHousekeeping(w.deps)
  return { w, form, next: rotated.body as { access_token: string; refresh_token: string } }
}

for (const housekeeping of [false, true]) {
  test(`a used refresh token presented after its expiry still ends the family that went on from it${housekeeping ? ', after housekeeping too' : ''}`, async () => {
    const { w, form, next } = await rotatedThenExpired({ housekeeping })
    const replay = await tokenRequest(w, form)
    expect(replay.status).toBe(400)
    expect(replay.body.error).toBe('invalid_grant')
    const after = await tokenRequest(w, { ...form, refresh_token: next.refresh_token })
    expect(after.status).toBe(400)
    expect(after.body.error).toBe('invalid_grant')
    expect((await fetch(`${w.base}/api/v1/usage`, { headers: bearer(next.access_token) })).status).toBe(401)
  })
}

test('without a replay, the family rotated before housekeeping goes on after it', async () => {
  const { w, form, next } = await rotatedThenExpired({ housekeeping: true })
  const again = await tokenRequest(w, { ...form, refresh_token: next.refresh_token })
  expect(again.status).toBe(200)
  expect((await fetch(`${w.base}/api/v1/usage`, { headers: bearer(again.body.access_token) })).status).toBe(200)
})

test('housekeeping drops every row of a family whose tokens have all expired, used ones too', async () => {
  const { w } = await rotatedThenExpired({ housekeeping: true })
  const rows = async () =>
    Number((await w.deps.database.client.execute('select count(*) as n from oauth_tokens')).rows[0].n)
  expect(await rows()).toBeGreaterThan(0)
  // Day 31.5: the rotated refresh token has expired too; nothing of the family can be used or ended any more.
  w.clock.set(new Date(w.clock.now().getTime() + DAY))
  await runHousekeeping(w.deps)
  expect(await rows()).toBe(0)
})
