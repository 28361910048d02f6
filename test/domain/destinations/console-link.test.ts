// docs/destinations.md#bodies: every message read by people leads to the console's Signals page
// (`{public_url}/#/signals`), a lead sent alone too; a Slack message of one lead had only its "Open the post" button.
import { describe, expect, test } from 'bun:test'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { everyKindWorld, KIND_PATHS } from '../../support/every-kind'
import { fakesPerTest } from '../../support/fake-upstream'
import { smtpPerTest } from '../../support/smtp'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()
const smtp = smtpPerTest()
const CONSOLE = 'https://leads.example.com/#/signals'

describe("the console's link in every message (docs/destinations.md#links)", () => {
  test('a lead sent alone to Slack, Discord, Teams and by e-mail, and a Slack digest, link the Signals page', async () => {
    const { deps, clock, team, server, r } = await everyKindWorld(smtp, receiver)
    for (const kind of ['slack', 'discord', 'teams'] as const)
      await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${r.origin}${KIND_PATHS[kind]}`, { kind }) })
    await createEndpoint(deps, {
      teamId: team.id,
      input: endpointInput(`${r.origin}${KIND_PATHS.slack}`, { kind: 'slack', cadence: 'hourly' }),
    })
    await createEndpoint(deps, {
      teamId: team.id,
      input: endpointInput('', { kind: 'email', url: null, to: 'sales@example.com' }),
    })
    // One with a link to its post, one whose address is no web page's (no "Open the post" button).
    await storeSignals(deps, [
      signalRow(team.id, { detectedAt: '2026-11-15T11:58:40.000Z' }),
      signalRow(team.id, { url: 'javascript:alert(1)', detectedAt: '2026-11-15T11:58:41.000Z' }),
    ])
    expect(await deliverDue(deps)).toBe(6)
    clock.set('2026-11-15T12:02:30.000Z')
    expect(await buildDueWindows(deps)).toBe(2)
    expect(await deliverDue(deps)).toBe(2)

    expect(r.received).toHaveLength(7)
    for (const q of r.received)
      expect({ path: q.url.pathname, linked: q.body.includes(CONSOLE) }).toMatchObject({ linked: true })
    const slackAlone = r.received
      .filter((q) => q.url.pathname === KIND_PATHS.slack)
      .map((q) => JSON.parse(q.body))
      .filter((b) => b.blocks[0].type === 'header')
    expect(slackAlone).toHaveLength(2)
    for (const b of slackAlone) {
      const buttons = b.blocks.filter((x: any) => x.type === 'actions').flatMap((x: any) => x.elements)
      expect(buttons.at(-1)).toEqual({
        type: 'button',
        text: { type: 'plain_text', text: 'Open the console' },
        url: CONSOLE,
      })
    }
    expect(server.received[0]?.mail.text).toContain(`Console: ${CONSOLE}`)
  })
})
