// domain/webhooks/filters.ts on its own: which endpoint receives which new signal (docs/webhooks.md#endpoints).
import { describe, expect, test } from 'bun:test'
import { createEndpoint, updateEndpoint } from '../../../src/domain/webhooks/endpoints'
import { deliveriesOf, receives } from '../../../src/domain/webhooks/filters'
import type { EndpointRow } from '../../../src/storage/repos/webhook-endpoints'
import { seedTeam, testDeps } from '../../support/deps'
import { endpointInput, signalRow } from '../../support/webhooks'

const endpoint = (a: Partial<EndpointRow> = {}): EndpointRow =>
  ({
    id: 'wh_1',
    teamId: 'team_a',
    url: 'http://127.0.0.1:9/hook',
    kind: 'webhook',
    event: 'signal.created',
    minScore: 0,
    intents: null,
    keywords: null,
    platforms: null,
    enabled: true,
    windowFrom: null,
    ...a,
  }) as EndpointRow

const signal = signalRow('team_a', { intent: 'ACTIVE', score: 7, platform: 'reddit', keyword: 'CRM' })

describe('receives', () => {
  test('a destination sent in windows (a digest, e-mail) receives no signal one by one', () => {
    expect(receives(endpoint({ windowFrom: 0 }), signal)).toBe(false)
  })
  test('an enabled endpoint of the team with no filters receives every signal', () => {
    expect(receives(endpoint(), signal)).toBe(true)
  })

  test('another team, a disabled endpoint or another event receive nothing', () => {
    expect(receives(endpoint({ teamId: 'team_b' }), signal)).toBe(false)
    expect(receives(endpoint({ enabled: false }), signal)).toBe(false)
    expect(receives(endpoint({ event: 'signal.updated' }), signal)).toBe(false)
  })

  test('each filter must hold: the least score, the intents, the platforms, the keywords', () => {
    expect(receives(endpoint({ minScore: 7 }), signal)).toBe(true)
    expect(receives(endpoint({ minScore: 7.5 }), signal)).toBe(false)
    expect(receives(endpoint({ intents: '["PAIN","ACTIVE"]' }), signal)).toBe(true)
    expect(receives(endpoint({ intents: '["PAIN"]' }), signal)).toBe(false)
    expect(receives(endpoint({ platforms: '["reddit"]' }), signal)).toBe(true)
    expect(receives(endpoint({ platforms: '["hackernews"]' }), signal)).toBe(false)
    expect(receives(endpoint({ platforms: '["reddit"]', intents: '["PAIN"]' }), signal)).toBe(false)
  })

  test('keywords compare without case', () => {
    expect(receives(endpoint({ keywords: '["crm"]' }), signal)).toBe(true)
    expect(receives(endpoint({ keywords: '["Crm","erp"]' }), signal)).toBe(true)
    expect(receives(endpoint({ keywords: '["erp"]' }), signal)).toBe(false)
  })

  test('keywords compare as tracked keywords do: letters beyond ASCII folded, OR, AND and NOT as written', () => {
    const found = (keyword: string) => signalRow('team_a', { intent: 'ACTIVE', score: 7, platform: 'reddit', keyword })
    expect(receives(endpoint({ keywords: '["équipe"]' }), found('ÉQUIPE'))).toBe(true)
    expect(receives(endpoint({ keywords: '["crm  erp"]' }), found('CRM ERP'))).toBe(true)
    expect(receives(endpoint({ keywords: '["CRM not HubSpot"]' }), found('crm not hubspot'))).toBe(true)
    expect(receives(endpoint({ keywords: '["crm not hubspot"]' }), found('crm NOT hubspot'))).toBe(false)
    expect(receives(endpoint({ keywords: '["crm NOT hubspot"]' }), found('crm not hubspot'))).toBe(false)
  })
})

describe('deliveriesOf', () => {
  test('pairs each new signal with the endpoints of its own team that receive it, from the stored endpoints', async () => {
    const { deps } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
    const { team: a } = await seedTeam(deps, { name: 'a' })
    const { team: b } = await seedTeam(deps, { name: 'b' })
    const url = 'http://127.0.0.1:9/hook'
    const all = (await createEndpoint(deps, { teamId: a.id, input: endpointInput(url) })).endpoint
    const hot = (await createEndpoint(deps, { teamId: a.id, input: endpointInput(url, { minScore: 9 }) })).endpoint
    const off = (await createEndpoint(deps, { teamId: a.id, input: endpointInput(url) })).endpoint
    await updateEndpoint(deps, { teamId: a.id, id: off.id, change: { enabled: false } })
    const ofB = (await createEndpoint(deps, { teamId: b.id, input: endpointInput(url) })).endpoint
    const warm = signalRow(a.id, { score: 7 })
    const top = signalRow(a.id, { score: 9 })
    const theirs = signalRow(b.id, { score: 9 })
    const got = await deliveriesOf(deps, [warm, top, theirs])
    const key = (d: { signalId: string; endpointId: string }) => `${d.signalId}→${d.endpointId}`
    expect(got.map(key).sort()).toEqual(
      [
        { signalId: warm.id, endpointId: all.id },
        { signalId: top.id, endpointId: all.id },
        { signalId: top.id, endpointId: hot.id },
        { signalId: theirs.id, endpointId: ofB.id },
      ]
        .map(key)
        .sort(),
    )
    expect(await deliveriesOf(deps, [])).toEqual([])
  })
})
