// docs/webhooks.md#slack, docs/destinations.md#bodies: Slack and Teams link each lead's person to their page in the
// console, as the e-mail does: in Slack a mrkdwn link among the lead's details (its context block; Block Kit reference:
// a context's elements, text objects of 3,000 characters), in Teams an Action.OpenUrl in an ActionSet under the lead
// (Adaptive Cards schema 1.2), in Discord a field whose value is a masked link (`[text](url)`, read in an embed's field
// values; its characters count toward the message's 6,000, the Message Resource's "Embed Limits"). The fakes refuse a
// body out of its format (test/support/chat-receivers.ts).
import { describe, expect, test } from 'bun:test'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { discordProblems, slackProblems, teamsProblems } from '../../support/chat-receivers'
import { everyKindWorld, KIND_PATHS } from '../../support/every-kind'
import { fakesPerTest } from '../../support/fake-upstream'
import { smtpPerTest } from '../../support/smtp'
import { deliverDue, deliveryRows, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()
const smtp = smtpPerTest()
const contexts = (slack: any) => slack.blocks.filter((b: any) => b.type === 'context')
const personActions = (items: any[]) =>
  items.filter((i: any) => i.type === 'ActionSet').flatMap((i: any) => i.actions.map((a: any) => [a.title, a.url]))

describe("a lead's person, linked in Slack, Teams and Discord", () => {
  test('an instant message and a digest of each link the person page by id; the fakes accept them', async () => {
    const { deps, clock, team, r } = await everyKindWorld(smtp, receiver)
    for (const kind of ['slack', 'teams', 'discord'] as const)
      for (const cadence of ['instant', 'hourly'] as const)
        await createEndpoint(deps, {
          teamId: team.id,
          input: endpointInput(`${r.origin}${KIND_PATHS[kind]}`, { kind, cadence }),
        })
    await storeSignals(deps, [signalRow(team.id, { author: 'ann_ops', detectedAt: '2026-11-15T11:58:40.000Z' })])
    expect(await deliverDue(deps)).toBe(3)
    clock.set('2026-11-15T12:02:05.000Z')
    expect(await buildDueWindows(deps)).toBe(3)
    expect(await deliverDue(deps)).toBe(3)
    expect((await deliveryRows(deps)).map((d) => d.status)).toEqual(Array(6).fill('succeeded'))

    const page = await deps.repos.people.list(team.id, {}, { limit: 5, offset: 0, now: clock.now().toISOString() })
    const id = page.people[0]?.id as string
    expect(id).toStartWith('per_')
    const url = `https://leads.example.com/#/people/${id}`
    const bodies = (prefix: string) =>
      r.received.filter((q) => q.url.pathname.startsWith(prefix)).map((q) => JSON.parse(q.body))
    const slack = bodies('/services/')
    expect(slack).toHaveLength(2)
    for (const body of slack) {
      expect(slackProblems(body)).toEqual([])
      const [details] = contexts(body)
      expect(details.elements.at(-1)).toEqual({
        type: 'mrkdwn',
        text: `<${url}|Open the person’s page>`,
        verbatim: true,
      })
    }
    const teams = bodies('/workflows/')
    expect(teams).toHaveLength(2)
    for (const body of teams) {
      expect(teamsProblems(body)).toEqual([])
      const lead = body.attachments[0].content.body.find((b: any) => b.type === 'Container')
      expect(personActions(lead.items)).toEqual([['Open the person', url]])
    }
    const discord = bodies('/api/webhooks/')
    expect(discord).toHaveLength(2)
    for (const body of discord) {
      expect(discordProblems(body)).toEqual([])
      expect(body.embeds[0].fields.at(-1)).toEqual({ name: 'Person', value: `[Open the person’s page](${url})` })
    }
  })
})
