// docs/people.md: every destination names the person a lead belongs to, so a CRM can match it later. A lead whose
// person's name was not looked up (these renderers alone) names them by id; by name: person-named.test.ts.
import { describe, expect, test } from 'bun:test'
import { discordMessage } from '../../../src/domain/webhooks/discord'
import { emailMessage } from '../../../src/domain/webhooks/email-message'
import type { Lead } from '../../../src/domain/webhooks/links'
import { signalAsApiShows } from '../../../src/domain/webhooks/payload'
import { slackMessage } from '../../../src/domain/webhooks/slack'
import { teamsMessage } from '../../../src/domain/webhooks/teams'
import { signalRow } from '../../support/webhooks'

const PERSON = 'per_0123456789abcdef01234567'
const lead = { ...signalRow('team_1'), personId: PERSON, contentFull: null, promptVersion: null } as unknown as Lead
const links = { console: 'http://localhost:3000/#/signals' }

describe('the person id in every body', () => {
  test('webhook JSON, Slack, Discord, Teams and both parts of an e-mail carry it', () => {
    expect(signalAsApiShows(lead).personId).toBe(PERSON)
    const bodies = {
      slack: JSON.stringify(slackMessage(lead)),
      discord: JSON.stringify(discordMessage([lead], 1, links)),
      // Teams text is Markdown: the underscore is sent escaped, and shows as typed.
      teams: JSON.stringify(teamsMessage([lead], 1, links)).replaceAll('\\\\_', '_'),
      email: JSON.stringify(emailMessage([lead], 1, links, { team: 'acme', heading: 'New leads' })),
    }
    for (const [kind, body] of Object.entries(bodies))
      expect({ kind, has: body.includes(PERSON) }).toEqual({ kind, has: true })
    const mail = emailMessage([lead], 1, links, { team: 'acme', heading: 'New leads' }) as {
      html: string
      text: string
    }
    expect(mail.html).toContain(PERSON)
    expect(mail.text).toContain(PERSON)
  })

  test("an e-mail's person opens the person's page in the console (docs/destinations.md#links)", () => {
    const withPeople = { ...links, people: 'https://leads.example.com/#/people/' }
    const mail = emailMessage([lead], 1, withPeople, { team: 'acme', heading: 'New leads' }) as {
      html: string
      text: string
    }
    expect(mail.html).toContain(
      `person <span dir="auto">${PERSON}</span> (<a href="https://leads.example.com/#/people/${PERSON}" style="color:#1565c0">Open the person’s page</a>)`,
    )
    expect(mail.text).toContain(`person ${PERSON} (https://leads.example.com/#/people/${PERSON})`)
  })

  test('a lead without a person (stored before people existed, then imported) says nothing of one', () => {
    const none = { ...lead, personId: null } as unknown as Lead
    expect(JSON.stringify(slackMessage(none))).not.toContain('· person')
    expect(JSON.stringify(teamsMessage([none], 1, links))).not.toContain('· person')
  })
})
