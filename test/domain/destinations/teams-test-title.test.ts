// docs/destinations.md#teams: Teams reads Markdown in a card's TextBlock, and its renderers emphasise mid-word (an
// underscore pair in America/Port_of_Spain made "of" italic). A test message's title names the team and the plan with
// its time zone, so it goes as a TextRun, which Adaptive Cards never read as Markdown, as the digest's heading does.
import { expect, test } from 'bun:test'
import { sendTestEvent } from '../../../src/domain/webhooks/deliveries'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { checkedAnswer } from '../../support/chat-receivers'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest } from '../../support/fake-upstream'
import { endpointInput } from '../../support/webhooks'

const receiver = fakesPerTest()
const TEAMS_PATH = '/workflows/5f0c2a/triggers/manual/paths/invoke'

/** The texts of a card's TextBlocks, which Teams reads as Markdown. */
const markdownRead = (items: any[]): string[] =>
  items.flatMap((el) => (el.type === 'TextBlock' ? [el.text] : el.type === 'Container' ? markdownRead(el.items) : []))

test("a Teams test message's title, the team's name and the digest's time zone, is no Markdown", async () => {
  const { deps } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const { team } = await seedTeam(deps, { name: 'sales_emea_west' })
  const teams = receiver((req) => checkedAnswer('teams', req.body))
  const input = endpointInput(`${teams.origin}${TEAMS_PATH}`, {
    kind: 'teams',
    cadence: 'daily',
    digestHour: 9,
    timeZone: 'America/Port_of_Spain',
  })
  const { endpoint } = await createEndpoint(deps, { teamId: team.id, input })
  expect((await sendTestEvent(deps, { teamId: team.id, endpointId: endpoint.id })).status).toBe('succeeded')
  const card = JSON.parse(teams.received[0].body).attachments[0].content
  expect(markdownRead(card.body).join(' ')).not.toMatch(/[_*]/)
  expect(card.body[0]).toEqual({
    type: 'RichTextBlock',
    inlines: [
      {
        type: 'TextRun',
        text:
          'lead-signals: test message for team sales_emea_west. ' +
          'New leads will come here as a daily digest at 09:00 America/Port_of_Spain, when there are any.',
        size: 'Large',
        weight: 'Bolder',
      },
    ],
  })
})
