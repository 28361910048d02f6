import { describe, expect, test } from 'bun:test'
import { createUser } from '../../src/domain/users/users'
import { seedTeam, testDeps } from '../support/deps'
import { fakesPerTest } from '../support/fake-upstream'
import { client } from '../support/http'

const receiver = fakesPerTest()
const PASSWORD = 'correct horse battery'
const GONE = 'whe_0123456789abcdef01234567'

async function world() {
  const { deps } = await testDeps({
    now: new Date().toISOString(),
    config: { webhooks: { allow_private_targets: true } },
  })
  const { team, apiKey } = await seedTeam(deps, { name: 'acme' })
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  const call = client(deps)
  const signIn = await call('POST', '/console/api/session', {
    body: { email: 'ann@acme.test', password: PASSWORD },
    headers: { 'sec-fetch-site': 'same-origin' },
  })
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]
  const viewer = { cookie, 'sec-fetch-site': 'same-origin' }
  return { deps, team, key: apiKey, call, viewer }
}

// docs/api.md#error-codes: a 404 of an endpoint or delivery the team does not have names the id asked for, as a
// signal's or person's does; "no such webhook endpoint" alone did not say which id of a script's run was wrong.
describe('webhook 404s name the id', () => {
  test('every endpoint route, over the API and the console, says which endpoint id the team does not have', async () => {
    const { key, call, viewer } = await world()
    const want = { error: { code: 'not_found', message: `the team has no webhook endpoint ${GONE}` } }
    const asked = [
      await call('GET', `/api/v1/webhooks/${GONE}`, { key }),
      await call('PATCH', `/api/v1/webhooks/${GONE}`, { key, body: { enabled: false } }),
      await call('DELETE', `/api/v1/webhooks/${GONE}`, { key }),
      await call('POST', `/api/v1/webhooks/${GONE}/test`, { key }),
      await call('POST', `/api/v1/webhooks/${GONE}/rotate-secret`, { key }),
      await call('GET', `/api/v1/webhooks/${GONE}/deliveries`, { key }),
      await call('POST', `/api/v1/webhooks/${GONE}/deliveries/msg_x/replay`, { key }),
      await call('DELETE', `/console/api/webhooks/${GONE}`, { headers: viewer }),
      await call('POST', `/console/api/webhooks/${GONE}/test`, { headers: viewer, body: {} }),
    ]
    for (const answer of asked) {
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual(want)
    }
  })

  test('a delivery the endpoint does not have is named with its endpoint, over the API and the console', async () => {
    const { key, call, viewer } = await world()
    const r = receiver(() => new Response('ok'))
    const made = await call('POST', '/api/v1/webhooks', { key, body: { url: `${r.origin}/hook` } })
    const id = made.body.endpoint.id
    const want = { error: { code: 'not_found', message: `webhook endpoint ${id} has no delivery msg_nope` } }
    const api = await call('POST', `/api/v1/webhooks/${id}/deliveries/msg_nope/replay`, { key })
    const console = await call('POST', `/console/api/webhooks/${id}/deliveries/msg_nope/replay`, {
      headers: viewer,
      body: {},
    })
    for (const answer of [api, console]) {
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual(want)
    }
  })

  test('an id that hides or reorders text comes back with those characters shown as U+FFFD, and cut short', async () => {
    const { key, call } = await world()
    const hostile = `whe_\u202eevil${'x'.repeat(200)}`
    const answer = await call('GET', `/api/v1/webhooks/${encodeURIComponent(hostile)}`, { key })
    expect(answer.status).toBe(404)
    expect(answer.body.error.message).toStartWith('the team has no webhook endpoint whe_\ufffdevilxxx')
    expect(answer.body.error.message).not.toContain('\u202e')
    expect(answer.body.error.message.length).toBeLessThan(120)
  })
})
