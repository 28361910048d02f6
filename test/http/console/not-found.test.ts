import { describe, expect, test } from 'bun:test'
import { createApp } from '../../../src/app'
import { createUser } from '../../../src/domain/users/users'
import { seedTeam, testDeps } from '../../support/deps'

const PASSWORD = 'correct horse battery'

async function signedIn() {
  const { deps } = await testDeps()
  const { team } = await seedTeam(deps, { name: 'acme' })
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  const app = createApp(deps)
  let cookie = ''
  const call = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', cookie }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await app.handle(
      new Request(`http://localhost${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    )
    return { res, body: (await res.json()) as any }
  }
  const { res } = await call('POST', '/console/api/session', { email: 'ann@acme.test', password: PASSWORD })
  cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]
  return { deps, team, call }
}

// docs/api.md#error-codes: a resource of the team that is not there is 404 not_found, whatever is asked of it.
describe('console ICP profiles', () => {
  test('editing and removing a profile the team does not have both answer 404 not_found', async () => {
    const { deps, team, call } = await signedIn()
    expect(
      (await call('POST', '/console/api/icp-profiles', { name: 'Ops', description: 'ops leads' })).res.status,
    ).toBe(200)
    const edit = await call('PUT', '/console/api/icp-profiles/Ghosts', { description: 'd' })
    const remove = await call('DELETE', '/console/api/icp-profiles/Ghosts')
    for (const answer of [edit, remove]) {
      expect(answer.res.status).toBe(404)
      expect(answer.body).toEqual({
        error: { code: 'not_found', message: 'the team has no ICP profile named "Ghosts"' },
      })
    }
    expect((await deps.repos.icpProfiles.list(team.id)).map((p) => p.name)).toEqual(['Ops'])
  })
})

// The same for a key or a tracked keyword: revoking or removing one the team does not have is not a malformed request.
describe('console keys and keywords', () => {
  test('revoking a key the team has no active key for answers 404 not_found and revokes nothing', async () => {
    const { deps, team, call } = await signedIn()
    const other = await seedTeam(deps, { name: 'other' })
    const before = await deps.repos.apiKeys.listForTeam(team.id)
    const byPrefix = await call('DELETE', '/console/api/keys/lsk_unknown1')
    expect(byPrefix.res.status).toBe(404)
    expect(byPrefix.body).toEqual({
      error: { code: 'not_found', message: 'the team has no active key with prefix "lsk_unknown1"' },
    })
    // Another team's whole key: not found here either, and the answer names only its prefix.
    const whole = await call('DELETE', `/console/api/keys/${other.apiKey}`)
    expect(whole.res.status).toBe(404)
    expect(whole.body).toEqual({
      error: {
        code: 'not_found',
        message: `the team has no active key ${other.apiKey.slice(0, 12)}… (the whole key was given)`,
      },
    })
    expect(await deps.repos.apiKeys.listForTeam(team.id)).toEqual(before)
    expect((await deps.repos.apiKeys.listForTeam(other.team.id)).every((k) => k.revokedAt === null)).toBe(true)
  })

  test('removing a keyword the team does not track answers 404 not_found and removes nothing', async () => {
    const { deps, team, call } = await signedIn()
    expect((await call('POST', '/console/api/keywords', { keyword: 'crm' })).res.status).toBe(200)
    const remove = await call('DELETE', '/console/api/keywords/ghost')
    expect(remove.res.status).toBe(404)
    expect(remove.body).toEqual({
      error: { code: 'not_found', message: 'not tracked by this team: "ghost"; nothing was removed' },
    })
    expect(await deps.repos.keywords.list(team.id)).toEqual(['crm'])
  })
})

// docs/api.md#error-codes: as a signal's or a webhook endpoint's, the 404 names the id asked for, shown as echoed().
describe('console connected apps', () => {
  test('disconnecting an app the team has no connection for is 404 naming the id', async () => {
    const { call } = await signedIn()
    const gone = await call('DELETE', '/console/api/connected-apps/grant_gone')
    expect(gone.res.status).toBe(404)
    expect(gone.body).toEqual({ error: { code: 'not_found', message: 'the team has no connected app grant_gone' } })
    const hostile = await call('DELETE', `/console/api/connected-apps/${encodeURIComponent('grant_\u202ex')}`)
    expect(hostile.body.error.message).toBe('the team has no connected app grant_\ufffdx')
  })
})
