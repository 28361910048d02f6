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

// test/http/console/hidden-names.test.ts: a control or direction character is refused; the refusal names where it is.
test('a hiding character is refused naming its field: the name, the competitor by its place, a key label', async () => {
  const { deps, team, call } = await ownerConsole('acme')
  const cases = [
    ['POST', '/icp-profiles', { name: 'Evil\u001b[2J', description: 'Heads of sales' }, 'name'],
    [
      'POST',
      '/icp-profiles',
      { name: 'smb', description: 'Small firms', competitors: ['Pipedrive', 'Hub\u2066Spot'] },
      'competitors.1',
    ],
    ['POST', '/keys', { label: 'ci\u202e' }, 'label'],
  ] as const
  for (const [method, path, body, field] of cases) {
    const answer = await call(method, path, body)
    expect({ path, status: answer.status }).toEqual({ path, status: 400 })
    expect(answer.body.error.details).toEqual([
      {
        field,
        message: expect.stringMatching(/^must not hold a control or direction character \(U\+(001B|2066|202E)\)/),
      },
    ])
  }
  // A profile's competitors changed by Edit are checked alike.
  expect((await call('POST', '/icp-profiles', { name: 'smb', description: 'Small firms' })).status).toBe(200)
  const edited = await call('PUT', '/icp-profiles/smb', { description: 'Small firms', competitors: ['Hub\u202eSpot'] })
  expect(edited.body.error.details?.[0]?.field).toBe('competitors.0')
  expect((await deps.repos.icpProfiles.list(team.id)).map((p) => p.competitors)).toEqual([[]])
  expect((await deps.repos.apiKeys.listForTeam(team.id)).map((k) => k.label)).toEqual(['first key'])
})

// A name is kept composed (NFC), and a few characters are two once composed (U+0958, क़, is क and a nukta): a name
// of 100 of them passes the body's check and is 200 characters stored. It was refused in the CLI's words
// ("--name must be …") with no field.
test('a name over 100 characters once composed is refused naming the field name, in no command-line words', async () => {
  const { deps, team, call } = await ownerConsole('acme')
  const refused = await call('POST', '/icp-profiles', { name: '\u0958'.repeat(100), description: 'Hindi speakers' })
  expect(refused.status).toBe(400)
  expect(refused.body.error.message).toBe(
    'name must be at most 100 characters once composed (Unicode NFC); this one is 200',
  )
  expect(refused.body.error.details).toEqual([
    { field: 'name', message: 'must be at most 100 characters once composed (Unicode NFC); this one is 200' },
  ])
  expect(await deps.repos.icpProfiles.list(team.id)).toEqual([])
})
