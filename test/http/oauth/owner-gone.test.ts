import { expect, test } from 'bun:test'
import { findTeam, removeTeam } from '../../../src/domain/teams/teams'
import { createUser, removeUser } from '../../../src/domain/users/users'
import { bearer, obtainTokens, oauthWorldsPerTest, PASSWORD, tokenRequest } from '../../support/oauth'

const world = oauthWorldsPerTest()

// docs/operations.md#command-line: removing a user, or their team, ends the apps they connected. Their grants go by
// the database's ON DELETE CASCADE, so this holds only while the connection turns foreign keys on.
test('the tokens of a removed user, or of a user of a removed team, stop: 401 at the API, invalid_grant at refresh', async () => {
  const w = await world()
  await createUser(w.deps, { team: 'acme', email: 'bob@acme.test', role: 'member', password: PASSWORD })
  const ann = await obtainTokens(w)
  const bob = await obtainTokens(w, { email: 'bob@acme.test' })
  const works = async (tokens: typeof ann) => {
    const api = await fetch(`${w.base}/api/v1/usage`, { headers: bearer(tokens.access_token) })
    const refresh = { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: tokens.clientId }
    return [api.status, (await tokenRequest(w, refresh)).body.error]
  }

  await removeUser(w.deps, { team: 'acme', email: 'bob@acme.test' })
  expect(await works(bob)).toEqual([401, 'invalid_grant'])
  expect((await fetch(`${w.base}/api/v1/usage`, { headers: bearer(ann.access_token) })).status).toBe(200)

  await removeTeam(w.deps, (await findTeam(w.deps, 'acme')).id)
  expect(await works(ann)).toEqual([401, 'invalid_grant'])
})
