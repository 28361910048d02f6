import { describe, expect, test } from 'bun:test'
import { claimDue, runAttempt } from '../../../src/domain/webhooks/deliver'
import { replayDelivery } from '../../../src/domain/webhooks/deliveries'
import { createEndpoint, rotateSecret, updateEndpoint } from '../../../src/domain/webhooks/endpoints'
import { fakesPerTest } from '../../support/fake-upstream'
import { seedTeam, testDeps } from '../../support/deps'
import { client } from '../../support/http'
import { deliverDue, deliveryRows, endpointInput, signalRow, storeSignals, verified } from '../../support/webhooks'

const receiver = fakesPerTest()
const ok = () => new Response('ok')

// The standardwebhooks library checks the timestamp against the real time, so these tests run the clock from now.
async function world() {
  const { deps, clock } = await testDeps({
    now: new Date().toISOString(),
    config: { webhooks: { allow_private_targets: true } },
  })
  const { team } = await seedTeam(deps)
  return { deps, clock, team }
}

describe('webhook delivery', () => {
  test('every signal stored is delivered once per matching endpoint, signed so that standardwebhooks verifies it', async () => {
    const { deps, team } = await world()
    const r = receiver(ok)
    const { secret, endpoint } = await createEndpoint(deps, {
      teamId: team.id,
      input: endpointInput(`${r.origin}/hook`),
    })
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    const rows = [signalRow(team.id), signalRow(team.id, { score: 6.5, intent: 'PAIN' }), signalRow(team.id)]
    await storeSignals(deps, rows)
    expect(await deliveryRows(deps)).toHaveLength(3)

    expect(await deliverDue(deps)).toBe(3)
    expect(r.received).toHaveLength(3)
    const bodies = r.received.map((req) => verified(secret, req))
    expect(bodies.map((b) => b.data.signal.id).sort()).toEqual(rows.map((s) => s.id).sort())
    const first = bodies.find((b) => b.data.signal.id === rows[0].id)
    expect(first).toMatchObject({
      type: 'signal.created',
      data: {
        team: { id: team.id, name: 'acme' },
        signal: {
          contentFull: rows[0].contentFull,
          content: rows[0].preview,
          intent: 'ACTIVE',
          score: 8,
          url: rows[0].url,
        },
      },
    })
    // The id header is the delivery's id; a tampered body does not verify.
    expect(new Set(r.received.map((req) => req.headers.get('webhook-id'))).size).toBe(3)
    expect(() =>
      verified(secret, { ...r.received[0], body: r.received[0].body.replace('"score":', '"score": ') }),
    ).toThrow()
    expect((await deliveryRows(deps)).map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded'])
    expect(await deliverDue(deps)).toBe(0)
    expect(endpoint.enabled).toBe(true)
  })

  test("filters: minimum score, intents, keywords and platforms; another team's endpoint gets nothing; a known post none", async () => {
    const { deps, team } = await world()
    const other = (await seedTeam(deps, { name: 'other' })).team
    const r = receiver(ok)
    await createEndpoint(deps, {
      teamId: team.id,
      input: endpointInput(r.origin, {
        minScore: 7,
        intents: ['ACTIVE', 'COMPETITOR'],
        keywords: ['CRM'],
        platforms: ['reddit', 'hackernews'],
      }),
    })
    const pass = signalRow(team.id)
    await storeSignals(deps, [
      pass,
      signalRow(team.id, { score: 6.9 }),
      signalRow(team.id, { intent: 'PAIN' }),
      signalRow(team.id, { keyword: 'invoicing' }),
      signalRow(team.id, { platform: 'bluesky' }),
      signalRow(other.id),
      // The same post again: not a new signal, so no delivery.
      signalRow(team.id, { postId: pass.postId }),
    ])
    const rows = await deliveryRows(deps)
    expect(rows.map((d) => d.signal_id)).toEqual([pass.id])
  })

  test('a disabled endpoint gets nothing, neither new signals nor what was pending when it was disabled', async () => {
    const { deps, team } = await world()
    const r = receiver(ok)
    const { endpoint } = await createEndpoint(deps, { teamId: team.id, input: endpointInput(r.origin) })
    await storeSignals(deps, [signalRow(team.id)])
    await updateEndpoint(deps, { teamId: team.id, id: endpoint.id, change: { enabled: false } })
    await storeSignals(deps, [signalRow(team.id)])
    expect(await deliveryRows(deps)).toHaveLength(1)
    expect(await deliverDue(deps)).toBe(0)
    expect(r.received).toHaveLength(0)
    // Enabled again, the pending one goes.
    await updateEndpoint(deps, { teamId: team.id, id: endpoint.id, change: { enabled: true } })
    expect(await deliverDue(deps)).toBe(1)
    expect(r.received).toHaveLength(1)
  })

  test('410 Gone disables the endpoint, shown with the reason, and gives the delivery up', async () => {
    const { deps, team } = await world()
    const r = receiver(() => new Response('gone', { status: 410 }))
    const { endpoint } = await createEndpoint(deps, { teamId: team.id, input: endpointInput(r.origin) })
    await storeSignals(deps, [signalRow(team.id)])
    await deliverDue(deps)
    const [d] = await deliveryRows(deps)
    expect(d).toMatchObject({ status: 'failed', last_status_code: 410 })
    const row = await deps.repos.webhookEndpoints.byId(team.id, endpoint.id)
    expect(row).toMatchObject({ enabled: false, disabledReason: 'the receiver answered 410 Gone' })
    await storeSignals(deps, [signalRow(team.id)])
    expect(await deliveryRows(deps)).toHaveLength(1)
  })

  test('a redirect is a failure and is not followed', async () => {
    const { deps, team } = await world()
    const target = receiver(ok)
    const r = receiver(() => new Response(null, { status: 307, headers: { location: `${target.origin}/elsewhere` } }))
    await createEndpoint(deps, { teamId: team.id, input: endpointInput(r.origin) })
    await storeSignals(deps, [signalRow(team.id)])
    await deliverDue(deps)
    expect(r.received).toHaveLength(1)
    expect(target.received).toHaveLength(0)
    const [d] = await deliveryRows(deps)
    expect(d).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 307 })
    expect(String(d.last_error)).toContain('redirect')
  })

  test("a webhook's signal is the one GET /api/v1/signals?content=full shows, verdict included, at each attempt", async () => {
    // docs/webhooks.md#the-body said "exactly as", but the body lacked `verdict`: a receiver that reads it with the
    // API's Signal type (where it is required, null before any feedback) refused every event.
    const { deps } = await world()
    const { team, apiKey } = await seedTeam(deps, { name: 'judges' })
    const r = receiver(ok)
    const { endpoint, secret } = await createEndpoint(deps, { teamId: team.id, input: endpointInput(r.origin) })
    await storeSignals(deps, [signalRow(team.id)])
    await deliverDue(deps)
    const call = client(deps)
    const shown = async () => (await call('GET', '/api/v1/signals?content=full', { key: apiKey })).body.signals[0]
    expect(verified(secret, r.received[0]).data.signal).toEqual(await shown())
    expect((await shown()).verdict).toBeNull()
    // Judged before a replay: the body is built at the attempt, as the signal is then.
    const [d] = await deliveryRows(deps)
    await call('POST', `/api/v1/signals/${d.signal_id}/feedback`, { key: apiKey, body: { verdict: 'relevant' } })
    await replayDelivery(deps, { teamId: team.id, endpointId: endpoint.id, deliveryId: String(d.id) })
    await deliverDue(deps)
    expect(verified(secret, r.received[1]).data.signal).toEqual({ ...(await shown()), verdict: 'relevant' })
  })

  test('replay sends any delivery again with the same webhook-id', async () => {
    const { deps, team } = await world()
    const r = receiver(ok)
    const { endpoint, secret } = await createEndpoint(deps, { teamId: team.id, input: endpointInput(r.origin) })
    await storeSignals(deps, [signalRow(team.id)])
    await deliverDue(deps)
    const [d] = await deliveryRows(deps)
    const replayed = await replayDelivery(deps, { teamId: team.id, endpointId: endpoint.id, deliveryId: String(d.id) })
    expect(replayed).toMatchObject({ id: d.id, status: 'pending', attempts: 0 })
    expect(await deliverDue(deps)).toBe(1)
    expect(r.received.map((req) => req.headers.get('webhook-id'))).toEqual([String(d.id), String(d.id)])
    expect(verified(secret, r.received[1]).data.signal.id).toBe(String(d.signal_id))
    const other = (await seedTeam(deps, { name: 'other' })).team
    await expect(
      replayDelivery(deps, { teamId: other.id, endpointId: endpoint.id, deliveryId: String(d.id) }),
    ).rejects.toMatchObject({
      kind: 'not_found',
    })
  })

  test('after a rotation both secrets sign until the grace period ends, then only the new one', async () => {
    const { deps, clock, team } = await world()
    const r = receiver(ok)
    const { endpoint, secret: before } = await createEndpoint(deps, { teamId: team.id, input: endpointInput(r.origin) })
    const { secret: after } = await rotateSecret(deps, { teamId: team.id, id: endpoint.id })
    expect(after).not.toBe(before)
    await storeSignals(deps, [signalRow(team.id)])
    await deliverDue(deps)
    expect(r.received[0].headers.get('webhook-signature')?.split(' ')).toHaveLength(2)
    verified(before, r.received[0])
    verified(after, r.received[0])

    clock.set(new Date(clock.now().getTime() + 25 * 3600 * 1000))
    await storeSignals(deps, [signalRow(team.id)])
    await deliverDue(deps)
    expect(r.received[1].headers.get('webhook-signature')?.split(' ')).toHaveLength(1)
  })

  test('a slack endpoint gets a readable Block Kit message: score, intent, platform, author, preview, reason, link', async () => {
    const { deps, team } = await world()
    const r = receiver(ok)
    await createEndpoint(deps, {
      teamId: team.id,
      input: endpointInput(`${r.origin}/services/T0/B0/x`, { kind: 'slack' }),
    })
    const s = signalRow(team.id, {
      author: 'bob <admin>',
      preview: 'Need a CRM & fast',
      contentFull: 'Need a CRM & fast',
      score: 9,
    })
    await storeSignals(deps, [s])
    await deliverDue(deps)
    const message = JSON.parse(r.received[0].body)
    expect(message.text).toContain('9/10 ACTIVE · bob &lt;admin&gt; on Hacker News')
    const text = JSON.stringify(message.blocks)
    // Each label of ours (mrkdwn) beside its value, the post's words as plain_text: shown as typed.
    for (const part of [
      '"*Score*","verbatim":true},{"type":"plain_text","text":"9/10"',
      '"*Intent*","verbatim":true},{"type":"plain_text","text":"ACTIVE"',
      '"*Platform*","verbatim":true},{"type":"plain_text","text":"Hacker News"',
      '"plain_text","text":"bob <admin>"',
      '"plain_text","text":"Need a CRM & fast"',
      s.reason,
    ])
      expect(text).toContain(part)
    const button = message.blocks.find((b: { type: string }) => b.type === 'actions').elements[0]
    expect(button.url).toBe(s.url)
  })

  test('two claimers on one database never claim the same attempt', async () => {
    const { deps, team } = await world()
    const r = receiver(ok)
    await createEndpoint(deps, { teamId: team.id, input: endpointInput(r.origin) })
    await storeSignals(
      deps,
      Array.from({ length: 40 }, () => signalRow(team.id)),
    )
    const [a, b] = await Promise.all([
      claimDue(deps, { holder: 'a', limit: 25, perDestination: 40 }),
      claimDue(deps, { holder: 'b', limit: 25, perDestination: 40 }),
    ])
    const ids = [...a, ...b].map((d) => d.id)
    expect(ids).toHaveLength(40)
    expect(new Set(ids).size).toBe(40)
  })

  test("a destination's share of places counts what every process has in flight for it", async () => {
    const { deps, team } = await world()
    const r = receiver(ok)
    const one = await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${r.origin}/one`) })
    const two = await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${r.origin}/two`) })
    await storeSignals(
      deps,
      Array.from({ length: 6 }, () => signalRow(team.id)),
    )
    const byEndpoint = (ds: { endpointId: string }[], id: string) => ds.filter((d) => d.endpointId === id).length
    const a = await claimDue(deps, { holder: 'a', limit: 5, perDestination: 3 })
    expect(a).toHaveLength(5)
    const b = await claimDue(deps, { holder: 'b', limit: 25, perDestination: 3 })
    expect(byEndpoint([...a, ...b], one.endpoint.id)).toBe(3)
    expect(byEndpoint([...a, ...b], two.endpoint.id)).toBe(3)
    expect(await claimDue(deps, { holder: 'c', limit: 25, perDestination: 3 })).toEqual([])
    // An attempt written back frees its place for that destination's next one.
    const [first] = a
    await runAttempt(deps, first)
    const c = await claimDue(deps, { holder: 'c', limit: 25, perDestination: 3 })
    expect(c.map((d) => d.endpointId)).toEqual([first.endpointId])
  })
})
