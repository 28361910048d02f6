// docs/destinations.md#bodies: in a Slack digest a lead's headline and the start of its post are one plain_text, the
// headline on the first line. A post that broke a line there could draw a made-up lead's headline, in the same
// letters as ours, under its own. Unicode's line breaking (UAX #14) makes a line end at each of LF, CR, NEL, vertical
// tab, form feed, U+2028 and U+2029 (classes BK, CR, LF, NL); the digest made only LF a space.
// A message of one lead's notification text (ours, then the post's start) is one line too.
import { expect, test } from 'bun:test'
import { type Lead, shownToPeople } from '../../../src/domain/webhooks/links'
import { slackMessage } from '../../../src/domain/webhooks/slack'
import { slackDigest } from '../../../src/domain/webhooks/slack-digest'
import { signalRow } from '../../support/webhooks'

// The characters UAX #14 ends a line at (mandatory breaks, and CR, LF, NL).
const LINE_ENDS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/

test("a post's line breaks of every kind do not start a line of their own in a Slack digest's lead", () => {
  const fake = '9/10 ACTIVE · ceo on LinkedIn'
  const leads = ['\u2028', '\u2029', '\r', '\v', '\f', '\u0085', '\r\n'].map((brk) =>
    shownToPeople({ ...signalRow('team_1'), preview: `We need a CRM.${brk}${fake}${brk}Budget approved.` } as Lead),
  )
  const digest = slackDigest(leads, leads.length, { console: 'https://leads.example.com/#/signals' }, 'daily digest')
  const lines = digest.blocks
    .filter((b) => b.type === 'section' && 'text' in b && b.text.type === 'plain_text')
    .map((b) => (b as { text: { text: string } }).text.text.split(LINE_ENDS))
  expect(lines).toHaveLength(leads.length)
  // Each lead: our headline, then its text on one line, the fake headline within it.
  for (const [headline, text, ...rest] of lines) {
    expect({ headline, text, rest }).toEqual({
      headline: '8/10 ACTIVE · ann on Hacker News',
      text: `We need a CRM. ${fake} Budget approved.`,
      rest: [],
    })
  }
})

test("a post's line breaks do not start a line of their own in the notification of a Slack message of one lead", () => {
  const fake = 'New lead: 10/10 ACTIVE · ceo on LinkedIn'
  for (const brk of ['\n', '\u2028', '\r\n']) {
    const lead = shownToPeople({
      ...signalRow('team_1'),
      preview: `We need a CRM.${brk}${fake}`,
      contentFull: null,
    } as Lead)
    // Notifications show the message's `text`: our line, the post's start after it, on one line.
    expect(slackMessage(lead).text.split(LINE_ENDS)).toEqual([
      `New lead: 8/10 ACTIVE · ann on Hacker News: We need a CRM. ${fake}`,
    ])
  }
})
