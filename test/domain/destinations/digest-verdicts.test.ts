// docs/webhooks.md#a-digest: a digest is made at its attempt from the signals as they are then. A lead the team judged
// not relevant (👎) after the window closed and before the digest went is left out; when that leaves the window
// empty, there is nothing to tell: nothing is sent, and the delivery is not a failure retried for three days.
import { describe, expect, test } from 'bun:test'
import { rateSignal } from '../../../src/domain/feedback/rate'
import { listDeliveries } from '../../../src/domain/webhooks/deliveries'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { everyKindWorld, KIND_PATHS } from '../../support/every-kind'
import { fakesPerTest } from '../../support/fake-upstream'
import { smtpPerTest } from '../../support/smtp'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()
const smtp = smtpPerTest()

describe('a digest after the team judged its leads (docs/webhooks.md#a-digest)', () => {
  test('every lead of a window judged not relevant before its digest went: nothing sent, nothing failing', async () => {
    const { deps, clock, team, server, r } = await everyKindWorld(smtp, receiver)
    const digest = { cadence: 'hourly' as const }
    const slack = await createEndpoint(deps, {
      teamId: team.id,
      input: endpointInput(`${r.origin}${KIND_PATHS.slack}`, { kind: 'slack', ...digest }),
    })
    const email = await createEndpoint(deps, {
      teamId: team.id,
      input: endpointInput('', { kind: 'email', url: null, to: 'sales@example.com', ...digest }),
    })
    const lead = signalRow(team.id, { detectedAt: '2026-11-15T11:59:00.000Z' })
    await storeSignals(deps, [lead])
    clock.set('2026-11-15T12:02:30.000Z')
    expect(await buildDueWindows(deps)).toBe(2)
    // The team saw the lead elsewhere (the console, an instant alert) and judged it before the digest's attempt.
    await rateSignal(deps, team.id, { id: lead.id, verdict: 'not_relevant' })
    await deliverDue(deps)

    expect(r.received).toHaveLength(0)
    expect(server.received).toHaveLength(0)
    for (const e of [slack, email]) {
      const [d] = await listDeliveries(deps, { teamId: team.id, endpointId: e.endpoint.id, limit: 5 })
      // Done, with the reason in the log's words, where it read "failed: the window's signals no longer exist".
      expect({ status: d?.status, code: d?.lastStatusCode, error: d?.lastError }).toEqual({
        status: 'succeeded',
        code: null,
        error: 'not sent: every lead in it was judged not relevant or its person forgotten before it went',
      })
      const endpoint = await deps.repos.webhookEndpoints.byIdAnyTeam(e.endpoint.id)
      expect(endpoint?.failingSince ?? null).toBeNull()
    }
    // Nothing is attempted again later either.
    clock.set('2026-11-15T13:00:00.000Z')
    expect(await deliverDue(deps)).toBe(0)
  })

  test('a lead judged relevant (👍) stays; one judged not relevant is left out, counted out of the total', async () => {
    const { deps, clock, team, server } = await everyKindWorld(smtp, receiver)
    await createEndpoint(deps, {
      teamId: team.id,
      input: endpointInput('', { kind: 'email', url: null, to: 'sales@example.com', cadence: 'hourly' }),
    })
    const kept = signalRow(team.id, { author: 'kept_one', detectedAt: '2026-11-15T11:59:00.000Z' })
    const out = signalRow(team.id, { author: 'judged_out', detectedAt: '2026-11-15T11:59:10.000Z' })
    await storeSignals(deps, [kept, out])
    clock.set('2026-11-15T12:02:30.000Z')
    expect(await buildDueWindows(deps)).toBe(1)
    await rateSignal(deps, team.id, { id: kept.id, verdict: 'relevant' })
    await rateSignal(deps, team.id, { id: out.id, verdict: 'not_relevant' })
    await deliverDue(deps)
    const mail = server.received[0]?.mail
    expect(mail?.subject).toStartWith('New lead for')
    expect(mail?.text).toContain('kept_one')
    expect(mail?.text).not.toContain('judged_out')
  })

  test('a lead judged not relevant before a retry of its instant Slack message went: not sent', async () => {
    const { deps, clock, team, r } = await everyKindWorld(smtp, receiver)
    const slack = await createEndpoint(deps, {
      teamId: team.id,
      input: endpointInput(`${r.origin}/services/T0/B0/down`, { kind: 'slack' }),
    })
    const lead = signalRow(team.id, { detectedAt: '2026-11-15T11:59:00.000Z' })
    await storeSignals(deps, [lead])
    // The receiver is down at first (503): a failure, retried in about 5 seconds.
    expect(await deliverDue(deps)).toBe(1)
    await rateSignal(deps, team.id, { id: lead.id, verdict: 'not_relevant' })
    clock.set('2026-11-15T12:10:00.000Z')
    expect(await deliverDue(deps)).toBe(1)
    expect(r.received).toHaveLength(1)
    const [d] = await listDeliveries(deps, { teamId: team.id, endpointId: slack.endpoint.id, limit: 5 })
    expect({ status: d?.status, error: d?.lastError }).toEqual({
      status: 'succeeded',
      error: 'not sent: the lead was judged not relevant before it went',
    })
  })
})
