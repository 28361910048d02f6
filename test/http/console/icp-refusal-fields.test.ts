import { expect, test } from 'bun:test'
import { ownerConsole } from '../../support/owner-console'

// docs/api.md#error-shape: a refusal about one field names it in `details`, so the console's Profiles form can mark
// that field (docs/console.md#errors). A name the team already has, in any case or Unicode form, is about `name`.

test('a profile name the team already has is refused naming the field name, nothing added', async () => {
  const { deps, team, call } = await ownerConsole('acme')
  const first = await call('POST', '/icp-profiles', { name: 'Café owners', description: 'Small cafés' })
  expect(first.status).toBe(200)
  // Upper case, and é written decomposed (e + U+0301): the same name.
  for (const name of ['CAFÉ OWNERS', 'Cafe\u0301 owners']) {
    const again = await call('POST', '/icp-profiles', { name, description: 'Another description' })
    expect({ name, status: again.status, code: again.body.error.code }).toEqual({
      name,
      status: 400,
      code: 'invalid_request',
    })
    expect(again.body.error.message).toBe('the team already has an ICP profile named "Café owners"')
    expect(again.body.error.details).toEqual([{ field: 'name', message: 'is the name of another profile of the team' }])
  }
  expect((await deps.repos.icpProfiles.list(team.id)).map((p) => [p.name, p.description])).toEqual([
    ['Café owners', 'Small cafés'],
  ])
})
