// Text that others wrote reached the operator's terminal as it was: anyone may register an OAuth client
// (POST /oauth/register is open by default), and a client named with an escape sequence had `oauth-client list` clear
// the screen or write the clipboard (OSC 52); so did a console member's ICP profile in `icp list`. The listings now
// show control and direction characters as U+FFFD; --json gives the text as stored (docs/operations.md#command-line).
import { afterAll, describe, expect, test } from 'bun:test'
import { seedTeam } from '../support/deps'
import { type Child, processWorld, runChild, seedDatabase, spawnChild } from '../process/child'

const NO_STREAMS = Object.fromEntries(
  ['hackernews', 'bluesky', 'stackoverflow', 'devto'].map((p) => [p, { mode: 'search' }]),
)
const config = {
  server: { host: '127.0.0.1', port: 0 },
  scorer: { backend: 'rules' },
  polling: { enabled: false },
  platforms: NO_STREAMS,
}
const world = processWorld(config)
let server: Child | undefined
afterAll(() => {
  server?.proc.kill('SIGKILL')
  world.cleanup()
})

const HOSTILE = '\u001b]52;c;b3duZWQ=\u0007\u001b[2J\u202eEvil'
const SHOWN = '\ufffd]52;c;b3duZWQ=\ufffd\ufffd[2J\ufffdEvil'

describe('listings of text others wrote', () => {
  test('oauth-client list and icp list show no control character', async () => {
    // A profile is now refused such a name (hidden-names.test.ts); one stored before is listed as it was.
    await seedDatabase(world, config, async (deps) => {
      const { team } = await seedTeam(deps)
      await deps.repos.icpProfiles.insert({
        id: 'icp_hostile',
        teamId: team.id,
        name: HOSTILE,
        description: HOSTILE,
        competitors: [],
        createdAt: new Date().toISOString(),
      })
    })
    server = spawnChild(world, ['serve'])
    await server.waitForOutput('the listening line', (o) => o.stdout.includes('"event":"listening"'))
    const url = /"url":"([^"]+)"/.exec(server.stdout())?.[1].replace(/\/$/, '')
    const registered = await fetch(`${url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: HOSTILE,
        redirect_uris: ['https://app.example/callback'],
        token_endpoint_auth_method: 'none',
      }),
    })
    expect(registered.status).toBe(201)

    const clients = await runChild(world, ['oauth-client', 'list'])
    expect(clients.code).toBe(0)
    expect(clients.stdout).toContain(`  ${SHOWN}  `)
    const profiles = await runChild(world, ['icp', 'list', '--team', 'acme'])
    expect(profiles.stdout).toBe(`${SHOWN}: ${SHOWN}\n`)
    for (const out of [clients.stdout, profiles.stdout])
      for (const hidden of ['\u001b', '\u0007', '\u202e']) expect(out).not.toContain(hidden)
    // --json is for programs: the text as stored, escaped by JSON.
    const json = await runChild(world, ['oauth-client', 'list', '--json'])
    expect(JSON.parse(json.stdout)[0].name).toBe(HOSTILE)
  }, 60_000)
})
