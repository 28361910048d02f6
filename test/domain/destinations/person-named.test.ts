// docs/destinations.md#bodies: a message read by people names a lead's person by the name the console shows them by,
// as text (escaped for its format, one line, bounded), not by `per_…`, which told a reader nothing; the e-mail's link
// to the person's page keeps the id (Slack's, Teams' and Discord's too), and a `webhook` body keeps `personId` alone,
// as the API shows a signal.
import { describe, expect, test } from 'bun:test'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { everyKindWorld, KIND_PATHS } from '../../support/every-kind'
import { fakesPerTest } from '../../support/fake-upstream'
import { smtpPerTest } from '../../support/smtp'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()
const smtp = smtpPerTest()
// A platform's name for its author: markup for each format, a line break that would fake a line of ours, and long.
const AUTHOR = `Ann <b>&amp; *Ops*\u2028_x_ ${'w'.repeat(120)}`
describe("a lead's person, by name (docs/destinations.md#bodies)", () => {
  test('Slack, Discord, Teams and both parts of an e-mail name the person; the webhook body keeps the id', async () => {
    const { deps, clock, team, server, r } = await everyKindWorld(smtp, receiver)
    for (const kind of ['slack', 'discord', 'teams', 'webhook'] as const)
      await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${r.origin}${KIND_PATHS[kind]}`, { kind }) })
    await createEndpoint(deps, {
      teamId: team.id,
      input: endpointInput('', { kind: 'email', url: null, to: 'sales@example.com' }),
    })
    await storeSignals(deps, [signalRow(team.id, { author: AUTHOR, detectedAt: '2026-11-15T11:58:40.000Z' })])
    expect(await deliverDue(deps)).toBe(4)
    clock.set('2026-11-15T12:02:05.000Z')
    expect(await buildDueWindows(deps)).toBe(1)
    expect(await deliverDue(deps)).toBe(1)

    const person = (await deps.repos.people.list(team.id, {}, { limit: 5, offset: 0, now: clock.now().toISOString() }))
      .people[0]
    expect(person?.id).toStartWith('per_')
    const id = person?.id as string
    const bodyOf = (prefix: string) => r.received.find((q) => q.url.pathname.startsWith(prefix))?.body ?? ''
    const shown = `${AUTHOR.replace('\u2028', ' ').slice(0, 100)}…` // one line, cut at 100 characters
    const slack = JSON.parse(bodyOf('/services/'))
    expect(JSON.stringify(slack.blocks)).toContain(JSON.stringify(`person ${shown}`))
    const discord = JSON.parse(bodyOf('/api/webhooks/'))
    // A footer is plain text in Discord; cut to the length an id took, within the embeds' 6,000 characters.
    expect(discord.embeds[0].footer.text).toBe(`person ${shown.slice(0, 27)}…`)
    const teams = bodyOf('/workflows/')
    // A word wider than a phone's card is cut there (docs/destinations.md#teams): the name's start shows.
    expect(teams).toContain('person Ann <b>&amp; *Ops* _x_ www')
    // The id only in the link to their page, as in Slack and Teams (person-link.test.ts).
    expect(discord.embeds[0].fields.at(-1).value).toBe(
      `[Open the person’s page](https://leads.example.com/#/people/${id})`,
    )

    const mail = server.received[0]?.mail
    const html = String(mail?.html)
    expect(html).toContain(
      `person <span dir="auto">${shown.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')}</span> (<a href="https://leads.example.com/#/people/${id}" style="color:#1565c0">Open the person’s page</a>)`,
    )
    expect(html).not.toContain('<b>')
    expect(mail?.text).toContain(`person ${shown} (https://leads.example.com/#/people/${id})`)

    const webhook = JSON.parse(bodyOf(KIND_PATHS.webhook))
    expect(webhook.data.signal.personId).toBe(id)
    expect(webhook.data.signal.author).toBe(AUTHOR)
  })
})
