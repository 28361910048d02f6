import { expect, test } from 'bun:test'
import { createApp } from '../../../src/app'
import { createUser } from '../../../src/domain/users/users'
import { seedTeam, testDeps } from '../../support/deps'
import { consoleCookie } from '../../support/exports'

// test/cli/hidden-names.test.ts through the console, which a member uses: a key's label, a profile's name and its
// competitors with a control or direction character are 400 invalid_request, saying which character and why.

test('the console refuses a key label, a profile name or a competitor holding a hiding character', async () => {
  const { deps } = await testDeps()
  const { team } = await seedTeam(deps, { name: 'acme' })
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: 'correct horse battery' })
  const app = createApp(deps)
  const cookie = await consoleCookie((r) => app.handle(r), {
    email: 'ann@acme.test',
    password: 'correct horse battery',
  })
  const post = async (path: string, body: unknown) => {
    const res = await app.handle(
      new Request(`http://localhost/console/api${path}`, {
        method: 'POST',
        headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      }),
    )
    return { status: res.status, body: (await res.json()) as any }
  }
  for (const [path, body] of [
    ['/keys', { label: 'ci\u202e' }],
    ['/icp-profiles', { name: 'Evil\u001b[2J', description: 'Heads of sales' }],
    ['/icp-profiles', { name: 'smb', description: 'Small firms', competitors: ['Hub\u2066Spot'] }],
  ] as const) {
    const answer = await post(path, body)
    expect({ path, status: answer.status, code: answer.body.error.code }).toEqual({
      path,
      status: 400,
      code: 'invalid_request',
    })
    expect(answer.body.error.message).toMatch(/control or direction character \(U\+(202E|001B|2066)\)/)
  }
  expect((await deps.repos.apiKeys.listForTeam(team.id)).map((k) => k.label)).toEqual(['first key'])
  expect(await deps.repos.icpProfiles.list(team.id)).toEqual([])
})
