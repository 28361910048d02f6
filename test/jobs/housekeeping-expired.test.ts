import { expect, test } from 'bun:test'
import { runHousekeeping } from '../../src/jobs/housekeeping'
import { bearer, oauthWorld, obtainTokens, tokenRequest } from '../support/oauth'
import { undoWorld } from '../support/undo-world'

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
    // Gone: the first family's access token. Kept: its refresh token, its used code (a replay of which must still end
    // the family while the refresh token lives, docs/oauth.md#tokens), and all of the fresh family.
    expect(await count(w, 'oauth_tokens')).toBe(tokensBefore - 1)
    expect((await fetch(`${w.base}/api/v1/usage`, { headers: bearer(fresh.access_token) })).status).toBe(200)
    const form = { grant_type: 'refresh_token', refresh_token: old.refresh_token, client_id: old.clientId }
    expect((await tokenRequest(w, form)).status).toBe(200)
  } finally {
    w.stop()
  }
})

test("housekeeping drops the console's Undo records older than a day, and keeps a newer one usable", async () => {
  const { deps, clock, consoleCall } = await undoWorld()
  const undos = async () =>
    Number((await deps.database.client.execute('select count(*) as n from verdict_undos')).rows[0].n)
  await consoleCall('POST', '/signals/sig_001/feedback', { verdict: 'not_relevant' })
  clock.set(new Date(clock.now().getTime() + 25 * 3_600_000))
  const fresh = await consoleCall('POST', '/signals/sig_002/feedback', { verdict: 'not_relevant' })
  expect(await undos()).toBe(2)
  await runHousekeeping(deps)
  expect(await undos()).toBe(1)
  const undo = { ...fresh.body.before, undoes: fresh.body.judgedAt }
  expect((await consoleCall('POST', '/signals/sig_002/feedback/undo', undo)).status).toBe(200)
  expect(await undos()).toBe(0)
})
