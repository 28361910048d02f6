// docs/destinations.md#bodies: the profile a lead matched, which the console shows as a chip of its own, is named whole
// in every message read by people. The reason names it too, but Slack and Teams cut the reason at 300 characters and
// Discord at 150: a rules reason of a long buying post holds the profile's clause across or past those cuts.
import { describe, expect, test } from 'bun:test'
import { discordMessage } from '../../../src/domain/webhooks/discord'
import { emailMessage } from '../../../src/domain/webhooks/email-message'
import { type Lead, shownToPeople } from '../../../src/domain/webhooks/links'
import { slackMessage } from '../../../src/domain/webhooks/slack'
import { teamsMessage } from '../../../src/domain/webhooks/teams'
import { signalRow } from '../../support/webhooks'

const NAME = 'Small sales teams of ten to fifty reps selling B2B software to mid-market accounts in Europe'
// As the embedded scorer writes it for a post over 400 words (test/scorers/reason-budget.test.ts): 433 characters.
const reason =
  'ACTIVE: asks for recommendations ("Can anyone recommend"), asks for recommendations ("recommend a CRM"), is ' +
  `looking for a solution ("looking for a"); matches ICP "${NAME}" (small, sales, teams, reps, selling, b2b, ` +
  'software, mid and 18 more); names an amount ("$4,000/month"), urgency ("right away"), team size ("team of 14"); ' +
  'keyword "crm" present.'
const row = (icpMatch: string | null) =>
  shownToPeople({ ...signalRow('team_1', { reason, icpMatch }), personId: null, promptVersion: null } as Lead)
const links = { console: 'http://localhost:3000/#/signals' }

describe('the matched profile in the messages read by people', () => {
  test('Slack, Teams, Discord and both parts of an e-mail name it whole, past the cut of the reason', () => {
    const lead = row(NAME)
    const slack = JSON.stringify(slackMessage(lead))
    // The reason is cut inside the profile's clause (its words), so the name must come from elsewhere.
    expect(slack).toContain(`"ICP “${NAME}”"`)
    expect(JSON.stringify(teamsMessage([lead], 1, links))).toContain(`· ICP “${NAME}”`)
    const embed = discordMessage([lead], 1, links).embeds[0] as { fields: { name: string; value: string }[] }
    // Discord's Markdown marks are escaped with a backslash ("mid\-market"), shown as typed.
    expect(embed.fields.map((f) => [f.name, f.value.replaceAll('\\', '')])).toContainEqual(['ICP', NAME])
    const mail = emailMessage([lead], 1, links, { team: 'acme', heading: 'New leads' }) as {
      html: string
      text: string
    }
    expect(mail.html).toContain(`· ICP “${NAME}”`)
    expect(mail.text).toContain(`· ICP “${NAME}”`)
  })

  test('a lead that matched no profile says nothing of one', () => {
    const lead = row(null)
    expect(JSON.stringify(slackMessage(lead))).not.toContain('ICP “')
    expect(JSON.stringify(teamsMessage([lead], 1, links))).not.toContain('· ICP')
    const embed = discordMessage([lead], 1, links).embeds[0] as { fields: { name: string }[] }
    expect(embed.fields.map((f) => f.name)).toEqual(['Why', 'Keyword'])
    expect(
      (emailMessage([lead], 1, links, { team: 'acme', heading: 'New leads' }) as { text: string }).text,
    ).not.toContain('· ICP')
  })
})
