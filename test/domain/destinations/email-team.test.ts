// docs/destinations.md#e-mail: an e-mail names the team its leads are for, in its subject and in both parts, so a
// person in two teams (or a consultant with several clients on one server) can tell whose leads arrived.
import { describe, expect, test } from 'bun:test'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { seedTeam, testDeps } from '../../support/deps'
import { smtpPerTest } from '../../support/smtp'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const smtp = smtpPerTest()

describe('an e-mail names its team', () => {
  test('two teams, one inbox: each e-mail, a lead alone or a batch, says which team it is for', async () => {
    const server = await smtp()
    const { deps, clock } = await testDeps({
      now: '2026-11-15T11:58:30.000Z',
      config: { email: server.emailConfig, server: { public_url: 'https://leads.example.com' } },
    })
    for (const [name, leads] of [
      ['Acme Sales', 1],
      ['Globex', 2],
    ] as const) {
      const { team } = await seedTeam(deps, { name })
      const input = endpointInput('', { kind: 'email', url: null, to: 'consultant@example.com' })
      await createEndpoint(deps, { teamId: team.id, input })
      const at = { detectedAt: '2026-11-15T11:58:40.000Z' }
      await storeSignals(
        deps,
        Array.from({ length: leads }, () => signalRow(team.id, at)),
      )
    }
    clock.set('2026-11-15T12:02:05.000Z')
    await buildDueWindows(deps)
    await deliverDue(deps)

    const mails = server.received.map((r) => r.mail).sort((a, b) => String(a.subject).localeCompare(String(b.subject)))
    expect(mails.map((m) => m.subject)).toEqual([
      '2 new leads for Globex (found 2026-11-15 11:58 UTC)',
      'New lead for Acme Sales: 8/10 ACTIVE · ann on Hacker News',
    ])
    const [globex, acme] = mails
    expect(String(globex.text).split('\n')[0]).toBe('2 new leads for Globex (found 2026-11-15 11:58 UTC)')
    expect(String(globex.html)).toContain('>2 new leads for Globex</h1>')
    expect(String(acme.text).split('\n')[0]).toBe('1 new lead for Acme Sales (found 2026-11-15 11:58 UTC)')
    expect(String(acme.html)).toContain('>1 new lead for Acme Sales</h1>')
  })
})
