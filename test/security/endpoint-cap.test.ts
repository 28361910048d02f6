// docs/security.md#what-is-bounded: each destination multiplies every new signal's deliveries, so a team's count of
// them is capped (webhooks.max_endpoints_per_team); past it nothing more is stored.
import { describe, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'

describe('destinations per team', () => {
  test('the cap is reached and held: the next add is 400 and stores nothing; removing one makes room', async () => {
    const { deps } = await testDeps({
      config: { webhooks: { allow_private_targets: true, max_endpoints_per_team: 3 } },
    })
    const { team, apiKey: key } = await seedTeam(deps)
    const other = await seedTeam(deps, { name: 'other' })
    const call = client(deps)
    const add = (k: string, n: number) =>
      call('POST', '/api/v1/webhooks', { key: k, body: { url: `http://127.0.0.1:9/hook-${n}` } })
    const ids: string[] = []
    for (let n = 0; n < 3; n++) {
      const made = await add(key, n)
      expect(made.status).toBe(201)
      ids.push(made.body.endpoint.id)
    }
    for (let n = 3; n < 6; n++) {
      const refused = await add(key, n)
      expect(refused.status).toBe(400)
      expect(refused.body.error.code).toBe('invalid_request')
      expect(refused.body.error.message).toContain('max_endpoints_per_team')
    }
    expect(await deps.repos.webhookEndpoints.count(team.id)).toBe(3)
    // Another team's count is its own.
    expect((await add(other.apiKey, 0)).status).toBe(201)
    expect((await call('DELETE', `/api/v1/webhooks/${ids[0]}`, { key })).status).toBe(204)
    expect((await add(key, 9)).status).toBe(201)
    expect(await deps.repos.webhookEndpoints.count(team.id)).toBe(3)
  })

  test('the default cap is 20', async () => {
    const { deps } = await testDeps()
    expect(deps.config.webhooks.max_endpoints_per_team).toBe(20)
  })
})
