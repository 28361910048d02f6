// docs/destinations.md#bodies: a post's text and its author's name are the platform's, and messages read by people
// leave out what would act instead of showing. Line breaks became spaces in an e-mail's subject and plain text, and
// direction controls were left out, but the other control characters went as written: an escape sequence or a bell in
// a name reached the subject (encoded there, and decoded by the mail reader) and the plain-text part as raw bytes,
// which a mail reader on a terminal (mail(1) prints a message as it is) would run: clear the screen, retitle the
// window, write the clipboard (OSC 52). They are now left out of names and text, as direction controls are; line
// breaks and tabs stay where they were (a Slack message quotes a post line by line).
import { expect, test } from 'bun:test'
import { discordMessage } from '../../../src/domain/webhooks/discord'
import { emailMessage } from '../../../src/domain/webhooks/email-message'
import { type Lead, shownToPeople } from '../../../src/domain/webhooks/links'
import { slackMessage } from '../../../src/domain/webhooks/slack'
import { teamsMessage } from '../../../src/domain/webhooks/teams'
import { signalRow } from '../../support/webhooks'

const ESCAPES = '\u001b]52;c;ZWNobyBvd25lZA==\u0007\u001b[2J\u0008\u007f\u009b31m\u0000'
const hostile = {
  ...signalRow('team_1', {
    author: `ann${ESCAPES}`,
    preview: `needs a CRM${ESCAPES}\nsecond line\ttabbed`,
    reason: `asks${ESCAPES}`,
    keyword: `crm${ESCAPES}`,
  }),
  contentFull: null,
  personId: null,
} as unknown as Lead
const links = { console: 'http://localhost:3000/#/signals' }
// Controls but the line breaks and tab that messages keep or turn into spaces themselves.
const ACTING = /[^\P{Cc}\t\n\r]/u

test('no control character but line breaks and tabs reaches a message read by people', () => {
  const lead = shownToPeople(hostile)
  for (const field of ['author', 'preview', 'reason', 'keyword'] as const)
    expect({ field, acting: ACTING.test(lead[field]) }).toEqual({ field, acting: false })
  expect(lead.author).toBe('ann]52;c;ZWNobyBvd25lZA==[2J31m')
  expect(lead.preview).toBe('needs a CRM]52;c;ZWNobyBvd25lZA==[2J31m\nsecond line\ttabbed')
  const mail = emailMessage([lead], 1, links, { team: 'acme', heading: 'New leads' })
  expect(mail.subject).toBe('New lead for acme: 8/10 ACTIVE · ann]52;c;ZWNobyBvd25lZA==[2J31m on Hacker News')
  for (const text of [mail.subject, mail.text, mail.html]) expect(ACTING.test(text)).toBe(false)
  for (const body of [slackMessage(lead), discordMessage([lead], 1, links), teamsMessage([lead], 1, links)])
    expect(JSON.stringify(body)).not.toMatch(/\\u00(?:1b|07|08|7f|9b|00)|\u007f|\u009b/)
})
