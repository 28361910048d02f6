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
