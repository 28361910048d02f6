import { describe, expect, test } from 'bun:test'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { fakesPerTest } from '../../support/fake-upstream'
import { seedTeam, testDeps } from '../../support/deps'
import { deliverDue, deliveryRows, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()
const S = 1000
// docs/webhooks.md#retries: the waits after failed attempts 1 to 9; the 10th failure gives the delivery up.
const SCHEDULE = [5 * S, 300 * S, 1800 * S, 7200 * S, 18000 * S, 36000 * S, 50400 * S, 72000 * S, 86400 * S]

async function world(config: Record<string, unknown> = { webhooks: { allow_private_targets: true } }) {
  const { deps, clock } = await testDeps({ config })
  const { team } = await seedTeam(deps)
  return { deps, clock, team }
}

describe('webhook retries', () => {
  test('a failing receiver is retried on the Standard Webhooks schedule with jitter, then the delivery is given up', async () => {
    const { deps, clock, team } = await world()
    const r = receiver(() => new Response('down', { status: 500 }))
    await createEndpoint(deps, { teamId: team.id, input: endpointInput(r.origin) })
    await storeSignals(deps, [signalRow(team.id)])
    expect(await deliverDue(deps)).toBe(1) // attempt 1: at once
    for (const [i, wait] of SCHEDULE.entries()) {
      const [d] = await deliveryRows(deps)
      expect(d).toMatchObject({ status: 'pending', attempts: i + 1, last_status_code: 500 })
      const delay = Number(d.next_attempt_at) - clock.now().getTime()
      expect(delay).toBeGreaterThanOrEqual(wait * 0.9)
      expect(delay).toBeLessThanOrEqual(wait * 1.1)
      // Not a moment early.
      clock.set(new Date(Number(d.next_attempt_at) - 1))
      expect(await deliverDue(deps)).toBe(0)
      clock.set(new Date(Number(d.next_attempt_at)))
      expect(await deliverDue(deps)).toBe(1)
    }
    const [d] = await deliveryRows(deps)
    expect(d).toMatchObject({ status: 'failed', attempts: 10 })
    expect(r.received).toHaveLength(10)
    // One webhook-id across every attempt.
    expect(new Set(r.received.map((q) => q.headers.get('webhook-id')))).toEqual(new Set([String(d.id)]))
    clock.set(new Date(clock.now().getTime() + 100 * 86400 * S))
    expect(await deliverDue(deps)).toBe(0)
  })

  test('Retry-After lengthens the wait, and never shortens it', async () => {
    const { deps, clock, team } = await world()
    let retryAfter = '3600'
    const r = receiver(() => new Response('busy', { status: 503, headers: { 'retry-after': retryAfter } }))
    await createEndpoint(deps, { teamId: team.id, input: endpointInput(r.origin) })
    await storeSignals(deps, [signalRow(team.id)])
    await deliverDue(deps)
    let [d] = await deliveryRows(deps)
    expect(Number(d.next_attempt_at) - clock.now().getTime()).toBe(3600 * S)
    clock.set(new Date(Number(d.next_attempt_at)))
    retryAfter = '1' // shorter than the 5 minutes after attempt 2
    await deliverDue(deps)
    ;[d] = await deliveryRows(deps)
    expect(Number(d.next_attempt_at) - clock.now().getTime()).toBeGreaterThanOrEqual(270 * S)
  })

  test('Retry-After as a decimal or in any of the three HTTP-date forms, read in UTC whatever the local zone', async () => {
    const { deps, clock, team } = await world()
    const at = new Date(clock.now().getTime() + 7200 * S).toUTCString() // "Sun, 15 Nov 2026 14:00:00 GMT"
    const [day, date, month, year, time] = at.replace(',', '').split(' ')
    const longDay = new Date(clock.now()).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })
    const forms: [string, number][] = [
      ['3600.5', 3600.5 * S], // not RFC 9110's form, but plainly seconds: not a date in the year 3600
      [at, 7200 * S],
      [`${longDay}, ${date}-${month}-${year.slice(2)} ${time} GMT`, 7200 * S], // RFC 850
      [`${day} ${month} ${date.replace(/^0/, ' ')} ${time} ${year}`, 7200 * S], // asctime, which is UTC
      ['1.5.2030', 0], // not a Retry-After at all: the schedule alone
    ]
    let retryAfter = ''
    // The receiver's clock is this world's: a date is read against the answer's Date (RFC 9110 §6.6.1).
    const sentAt = clock.now().toUTCString()
    const r = receiver(
      () => new Response('busy', { status: 503, headers: { 'retry-after': retryAfter, date: sentAt } }),
    )
    await createEndpoint(deps, { teamId: team.id, input: endpointInput(r.origin) })
    const zone = process.env.TZ
    process.env.TZ = 'America/New_York'
    try {
      for (const [value, wait] of forms) {
        retryAfter = value
        await deps.database.client.execute('delete from webhook_deliveries')
        await storeSignals(deps, [signalRow(team.id)])
        await deliverDue(deps)
        const [d] = await deliveryRows(deps)
        const delay = Number(d.next_attempt_at) - clock.now().getTime()
        if (wait > 0) expect([value, delay]).toEqual([value, wait])
        else expect([value, delay <= 5.5 * S]).toEqual([value, true])
      }
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })

  // docs/webhooks.md#retries: a 2xx is success, whatever the receiver writes after it. A receiver that answered 200
  // with a page of over 1 MB had its delivery failed and sent again, to be received twice.
  test('a 2xx with a body of any size is a success, sent once; a refusal of any size still shows its status', async () => {
    const { deps, team } = await world()
    const big = 'x'.repeat(2 * 1024 * 1024)
    let status = 200
    const r = receiver(() => new Response(big, { status }))
    await createEndpoint(deps, { teamId: team.id, input: endpointInput(r.origin) })
    await storeSignals(deps, [signalRow(team.id)])
    await deliverDue(deps)
    expect(await deliveryRows(deps)).toMatchObject([{ status: 'succeeded', attempts: 1, last_status_code: 200 }])
    expect(r.received).toHaveLength(1)
    status = 500
    await storeSignals(deps, [signalRow(team.id)])
    await deliverDue(deps)
    expect((await deliveryRows(deps)).find((d) => d.status !== 'succeeded')).toMatchObject({
      status: 'pending',
      last_status_code: 500,
      last_error: 'answered 500',
    })
  })

  test('an endpoint failing for 5 days is disabled and shown so; a success in between resets the count', async () => {
    const { deps, clock, team } = await world()
    let status = 500
    const r = receiver(() => new Response('', { status }))
    const { endpoint } = await createEndpoint(deps, { teamId: team.id, input: endpointInput(r.origin) })
    const start = clock.now().getTime()
    const day = 86400 * S
    // A new signal every day; every attempt fails.
    for (let n = 0; n < 4; n++) {
      clock.set(new Date(start + n * day))
      await storeSignals(deps, [signalRow(team.id)])
      await deliverDue(deps)
    }
    let row = await deps.repos.webhookEndpoints.byId(team.id, endpoint.id)
    expect(row).toMatchObject({ enabled: true, failingSince: start })
    status = 200
    clock.set(new Date(start + 4 * day))
    await storeSignals(deps, [signalRow(team.id)])
    await deliverDue(deps)
    row = await deps.repos.webhookEndpoints.byId(team.id, endpoint.id)
    expect(row).toMatchObject({ enabled: true, failingSince: null })

    status = 500
    const again = start + 5 * day
    for (let n = 0; n <= 5; n++) {
      clock.set(new Date(again + n * day))
      await storeSignals(deps, [signalRow(team.id)])
      await deliverDue(deps)
    }
    row = await deps.repos.webhookEndpoints.byId(team.id, endpoint.id)
    expect(row).toMatchObject({ enabled: false, disabledReason: 'every attempt failed for 5 days' })
  })

  test('a private target is refused by default, when added and again when delivering', async () => {
    const { deps, team } = await world({})
    const r = receiver(() => new Response('ok'))
    await expect(createEndpoint(deps, { teamId: team.id, input: endpointInput(r.origin) })).rejects.toMatchObject({
      kind: 'invalid_request',
    })
    await expect(
      createEndpoint(deps, { teamId: team.id, input: endpointInput('http://169.254.169.254/latest/meta-data') }),
    ).rejects.toMatchObject({ kind: 'invalid_request' })
    // Added while private targets were allowed, then the setting is turned off: the attempt is refused.
    deps.config.webhooks.allow_private_targets = true
    await createEndpoint(deps, { teamId: team.id, input: endpointInput(r.origin) })
    deps.config.webhooks.allow_private_targets = false
    await storeSignals(deps, [signalRow(team.id)])
    await deliverDue(deps)
    expect(r.received).toHaveLength(0)
    const [d] = await deliveryRows(deps)
    // Refused every time by this server: given up at once, not retried for days (the endpoint is disabled too,
    // test/domain/webhooks/private-refused.test.ts).
    expect(d).toMatchObject({ status: 'failed', attempts: 1, last_status_code: null })
    expect(String(d.last_error)).toContain('private')
  })

  test('a signal deleted before its delivery is given up without counting against the endpoint', async () => {
    const { deps, team } = await world()
    const r = receiver(() => new Response('ok'))
    const { endpoint } = await createEndpoint(deps, { teamId: team.id, input: endpointInput(r.origin) })
    const s = signalRow(team.id)
    await storeSignals(deps, [s])
    await deps.database.client.execute({ sql: 'delete from signals where id = ?', args: [s.id] })
    await deliverDue(deps)
    expect(r.received).toHaveLength(0)
    const [d] = await deliveryRows(deps)
    expect(d).toMatchObject({ status: 'failed', last_error: 'the signal no longer exists' })
    expect(await deps.repos.webhookEndpoints.byId(team.id, endpoint.id)).toMatchObject({
      enabled: true,
      failingSince: null,
    })
  })
})
