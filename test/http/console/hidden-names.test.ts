import { expect, test } from 'bun:test'
import { ownerConsole } from '../../support/owner-console'

// test/cli/hidden-names.test.ts through the console, which a member uses: a key's label, a profile's name and its
// competitors with a control or direction character are 400 invalid_request, saying which character and why.

test('the console refuses a key label, a profile name or a competitor holding a hiding character', async () => {
  const { deps, team, call } = await ownerConsole('acme')
  const post = (path: string, body: unknown) => call('POST', path, body)
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
