// docs/destinations.md#bodies: every message read by people shows a lead in one order: the headline (score, intent,
// author, platform), the text's start, then the reason, the keyword, the profile it matched and the person, then the
// link. E-mail and Slack showed the keyword and Discord and Teams did not; Slack put the person before the profile.
import { describe, expect, test } from 'bun:test'
import { discordMessage } from '../../../src/domain/webhooks/discord'
import { emailMessage } from '../../../src/domain/webhooks/email-message'
import { type Lead, shownToPeople } from '../../../src/domain/webhooks/links'
import { slackMessage } from '../../../src/domain/webhooks/slack'
import { slackDigest } from '../../../src/domain/webhooks/slack-digest'
import { teamsMessage } from '../../../src/domain/webhooks/teams'
import { discordProblems, slackProblems, teamsProblems } from '../../support/chat-receivers'
import { signalRow } from '../../support/webhooks'

const links = { console: 'https://leads.example.com/#/signals' }
const lead = shownToPeople({
  ...signalRow('team_1', { reason: 'REASON', keyword: 'KEYWORD', icpMatch: 'PROFILE', preview: 'TEXT' }),
  personId: 'per_PERSON',
} as Lead)
const ORDER = ['8/10 ACTIVE · ann on Hacker News', 'TEXT', 'REASON', 'KEYWORD', 'PROFILE', 'per_PERSON']

/** The parts of ORDER in the order `text` shows them. */
const shownOrder = (text: string) =>
  ORDER.filter((p) => text.includes(p)).sort((a, b) => text.indexOf(a) - text.indexOf(b))

describe("a lead's parts in one order", () => {
  test('e-mail (both parts), Slack (instant and digest), Discord and Teams', () => {
    const mail = emailMessage([lead], 1, links, { team: 'acme' })
    const slackDigestBody = slackDigest([lead], 1, links, 'daily digest')
    const discord = discordMessage([lead], 1, links)
    const teams = teamsMessage([lead], 1, links)
    expect([slackProblems(slackDigestBody), discordProblems(discord), teamsProblems(teams)]).toEqual([[], [], []])
    const bodies = {
      html: mail.html.replace(/<[^>]+>/g, ''),
      text: mail.text,
      slackDigest: JSON.stringify(slackDigestBody.blocks.slice(1)),
      discord: JSON.stringify(discord.embeds),
      teams: JSON.stringify(teams.attachments[0].content.body.slice(1)),
    }
    for (const [kind, body] of Object.entries(bodies))
      expect({ kind, order: shownOrder(body) }).toEqual({ kind, order: ORDER })
    // The instant Slack message heads with its own header and fields; its text and details follow in the same order.
    const instant = JSON.stringify(slackMessage(lead).blocks.slice(2))
    expect(shownOrder(instant)).toEqual(ORDER.slice(1))
  })
})
