// `team create --json` and `key create --json` printed the key and nothing of what it can do: on a plan without API
// access (starter, as shipped) the text output says the API and /mcp refuse the key (docs/api.md#order-of-checks), but
// a script reading the JSON could not tell. Both now carry `apiAccess` and the same `note` (docs/operations.md).
import { afterEach, describe, expect, test } from 'bun:test'
import { createWorkspace, ok, type Workspace } from './run-cli'

let ws: Workspace
afterEach(() => ws.cleanup())

const NOTE =
  'The starter plan has no API access: the API and /mcp refuse this key (403 no_api_access) until the operator moves the team to a plan with it (lead-signals team set --team solo --plan growth).'

describe('--json output of a key made for a team', () => {
  test('on the starter plan says apiAccess false with the note; on growth apiAccess true and no note', async () => {
    ws = createWorkspace()
    const team = JSON.parse(await ok(ws, ['team', 'create', '--name', 'solo', '--plan', 'starter', '--json']))
    expect(team).toEqual({
      id: expect.any(String),
      name: 'solo',
      plan: 'starter',
      apiKey: expect.stringMatching(/^lsk_/),
      apiAccess: false,
      note: NOTE,
    })
    const key = JSON.parse(await ok(ws, ['key', 'create', '--team', 'solo', '--json']))
    expect(key).toEqual({
      apiKey: expect.stringMatching(/^lsk_/),
      prefix: expect.any(String),
      apiAccess: false,
      note: NOTE,
    })
    const growth = JSON.parse(await ok(ws, ['team', 'create', '--name', 'busy', '--plan', 'growth', '--json']))
    expect(growth).toMatchObject({ plan: 'growth', apiAccess: true, note: null })
    const more = JSON.parse(await ok(ws, ['key', 'create', '--team', 'busy', '--json']))
    expect(more).toMatchObject({ apiAccess: true, note: null })
  })
})
