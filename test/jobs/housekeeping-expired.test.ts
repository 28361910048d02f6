import { expect, test } from 'bun:test'
import { runHousekeeping } from '../../src/jobs/housekeeping'
import { bearer, oauthWorld, obtainTokens, tokenRequest } from '../support/oauth'

const count = async (w: Awaited<ReturnType<typeof oauthWorld>>, table: string) =>
  Number((await w.deps.database.client.execute(`select count(*) as n from ${table}`)).rows[0].n)

test('housekeeping drops expired sessions and OAuth codes and tokens, and keeps the live ones', async () => {
  const w = await oauthWorld({ config: { oauth: { access_token_minutes: 60, refresh_token_days: 30 } } })
  try {
    const old = await obtainTokens(w)
    // A week and a day later: the first session, the first code and access token have expired; refresh has not.
    w.clock.set(new Date(w.clock.now().getTime() + 8 * 86_400_000))
    const fresh = await obtainTokens(w)
    expect(await count(w, 'sessions')).toBe(2)
    const tokensBefore = await count(w, 'oauth_tokens')
    await runHousekeeping(w.deps)
    expect(await count(w, 'sessions')).toBe(1)
    // Gone: the first family's code and access token. Kept: its refresh token, and all of the fresh family.
    expect(await count(w, 'oauth_tokens')).toBe(tokensBefore - 2)
    expect((await fetch(`${w.base}/api/v1/usage`, { headers: bearer(fresh.access_token) })).status).toBe(200)
    const form = { grant_type: 'refresh_token', refresh_token: old.refresh_token, client_id: old.clientId }
    expect((await tokenRequest(w, form)).status).toBe(200)
  } finally {
    w.stop()
  }
})
