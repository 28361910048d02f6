// docs/destinations.md#kinds: a chat destination's URL is checked for its kind's shape before its host is looked up,
// so that a URL of the wrong shape is refused for its shape, which says how to fix it, and not for a name this
// server cannot look up or a private address, which would send the user after the host instead. A Slack URL had no
// shape at all: a channel's page address or a Workflow Builder link was taken, or refused as "could not be resolved"
// on a server without DNS. Here every host is under .invalid, which never resolves (RFC 6761), or a private address,
// with private targets refused: any look-up fails.
import { afterAll, describe, expect, test } from 'bun:test'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, MANY_PROCESSES_MS, ok, runCli } from '../cli/run-cli'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'

const PASSWORD = 'correct horse battery'
const SLACK_SHAPE = '/services/T…/B…/…'

// Each kind's URL of the wrong shape, on a host that cannot be looked up or may not be reached, and what its refusal
// says.
const WRONG_SHAPE: [string, string, string][] = [
  ['slack', 'https://hooks.nowhere.invalid/x', SLACK_SHAPE],
  ['slack', 'https://app.nowhere.invalid/client/T0AB12CD3/C0EF45GH6', SLACK_SHAPE],
  ['slack', 'http://127.0.0.1:9/triggers/T0AB12CD3/123/abc', SLACK_SHAPE],
  ['discord', 'https://discord.nowhere.invalid/api/channels/1/messages', '/api/webhooks/{id}/{token}'],
  ['teams', 'http://10.0.0.7/webhookb2/abc', '/workflows/…/invoke'],
  ['webhook', 'ftp://files.nowhere.invalid/in', 'must be an absolute http(s) URL'],
]

async function world() {
  const { deps } = await testDeps({ config: { webhooks: { allow_private_targets: false } } })
  const { team, apiKey } = await seedTeam(deps, { name: 'acme' })
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  const call = client(deps)
  const same = { 'sec-fetch-site': 'same-origin' }
  const signedIn = await call('POST', '/console/api/session', {
    body: { email: 'ann@acme.test', password: PASSWORD },
    headers: same,
  })
  const signedInHeaders = { ...same, cookie: String(signedIn.headers.get('set-cookie')).split(';')[0] }
  return { deps, team, call, via: { api: { key: apiKey }, console: { headers: signedInHeaders } } }
}

describe("a destination URL's shape is checked before its host (docs/destinations.md#kinds)", () => {
  test('over the API and the console: added or changed, the shape is what is refused', async () => {
    const { deps, team, call, via } = await world()
    const paths = { api: '/api/v1/webhooks', console: '/console/api/webhooks' }
    for (const [route, auth] of Object.entries(via) as [keyof typeof via, (typeof via)[keyof typeof via]][]) {
      for (const [kind, url, said] of WRONG_SHAPE) {
        const res = await call('POST', paths[route], { ...auth, body: { kind, url } })
        expect({ route, url, status: res.status, said: res.body.error?.message }).toEqual({
          route,
          url,
          status: 400,
          said: expect.stringContaining(said),
        })
      }
    }
    // A right shape on a host that cannot be looked up is refused for its host, after its shape.
    const unresolved = await call('POST', paths.api, {
      ...via.api,
      body: { kind: 'slack', url: 'https://hooks.nowhere.invalid/services/T0AB12CD3/B0EF45GH6/XyZ12abC' },
    })
    expect(unresolved.status).toBe(400)
    expect(unresolved.body.error.message).toContain('hooks.nowhere.invalid could not be resolved')
    expect(await deps.repos.webhookEndpoints.list(team.id)).toEqual([])

    // A change to the wrong shape: a destination made while private targets were allowed, then changed.
    deps.config.webhooks.allow_private_targets = true
    const made = await call('POST', paths.api, {
      ...via.api,
      body: { kind: 'webhook', url: 'http://127.0.0.1:9/in' },
    })
    expect(made.status).toBe(201)
    deps.config.webhooks.allow_private_targets = false
    for (const [route, auth] of Object.entries(via) as [keyof typeof via, (typeof via)[keyof typeof via]][]) {
      const res = await call('PATCH', `${paths[route]}/${made.body.endpoint.id}`, {
        ...auth,
        body: { kind: 'slack', url: 'https://hooks.nowhere.invalid/x' },
      })
      expect({ route, status: res.status }).toEqual({ route, status: 400 })
      expect(res.body.error.message).toContain(SLACK_SHAPE)
    }
  })

  const ws = createWorkspace()
  afterAll(() => ws.cleanup())
  test(
    'on the command line: webhook add says what the path must be',
    async () => {
      await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
      const r = await runCli(ws, ['webhook', 'add', '--team', 'acme', '--kind', 'slack', '--url', WRONG_SHAPE[0][1]])
      expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 2, stdout: '' })
      expect(r.stderr).toContain(SLACK_SHAPE)
      expect(r.stderr).not.toContain('resolved')
    },
    MANY_PROCESSES_MS,
  )
})
