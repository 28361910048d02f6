// docs/destinations.md#bodies: every message read by people shows, per lead, the reason (Slack: its first 300
// characters), the keyword, the profile it matched (whole, as an element of its own) and the person, a Slack
// digest as much as the instant message; and stays within Slack's Block Kit limits (docs/webhooks.md#slack).
import { describe, expect, test } from 'bun:test'
import { type Lead, shownToPeople } from '../../../src/domain/webhooks/links'
import { POST_URL_CHARS } from '../../../src/platforms/common/web-urls'
import { slackMessage } from '../../../src/domain/webhooks/slack'
import { slackDigest } from '../../../src/domain/webhooks/slack-digest'
import { slackProblems } from '../../support/chat-receivers'
import { signalRow } from '../../support/webhooks'

const links = { console: 'https://leads.example.com/#/signals' }
const lead = (a: Partial<Lead> = {}) =>
  shownToPeople({ ...signalRow('team_1'), personId: 'per_0123456789abcdef01234567', ...a } as Lead)
const texts = (message: { blocks: unknown[] }) => JSON.stringify(message.blocks)

describe('a Slack digest', () => {
  test("names each lead's reason, keyword, profile and person, as the instant message does", () => {
    const reason = `Asks for a CRM for a team of five, budget approved; ${'and more words '.repeat(30)}the end.`
    const one = lead({ reason, icpMatch: 'SaaS founders in Europe', keyword: 'crm tool' })
    const digest = texts(
      slackDigest([one, lead({ score: 6 })], 2, links, 'daily digest, 2026-11-15 09:00 to 2026-11-16 09:00 UTC'),
    )
    const instant = texts(slackMessage(one))
    for (const part of [
      'Why: Asks for a CRM for a team of five, budget approved;',
      'ICP “SaaS founders in Europe”',
      'keyword “crm tool”',
      'person per_0123456789abcdef01234567',
    ]) {
      expect(instant).toContain(part)
      expect(digest).toContain(part)
    }
    // The reason is cut at 300 characters, as in the instant message: the end of this one is not shown.
    expect(digest).not.toContain('the end.')
  })

  test('ten leads of the longest text, all of it markup Slack escapes, stay within Block Kit limits', () => {
    const hostile = (i: number) =>
      lead({
        score: i % 10,
        author: '<&>'.repeat(70),
        preview: '&'.repeat(300),
        reason: '<'.repeat(2000),
        icpMatch: '&'.repeat(100),
        keyword: '>'.repeat(200),
      })
    const digest = slackDigest(
      Array.from({ length: 12 }, (_, i) => hostile(i)),
      40,
      links,
      'weekly digest',
    )
    expect(slackProblems(digest)).toEqual([])
    expect(slackProblems(slackMessage(hostile(1)))).toEqual([])
    expect(texts(digest)).toContain('30 more in the console')
  })

  test('a lead of the longest post address and name keeps its link, and its text ends where a word ends with "…"', () => {
    // The longest post address a platform's lead keeps (platforms/common/web-urls.ts) is the lead's button; the text
    // is plain_text (never escaped, never longer than typed), cut at 280 characters where a word ends.
    const url = `https://example.com/${'a'.repeat(POST_URL_CHARS - 20)}`
    const digest = slackDigest([lead({ author: '&'.repeat(100), preview: '& '.repeat(150), url })], 1, links, 'daily')
    expect(slackProblems(digest)).toEqual([])
    const section = digest.blocks[1] as { text: { text: string }; accessory: { url: string } }
    expect(section.accessory.url).toBe(url)
    expect(section.text.text).toEndWith(`\n${'& '.repeat(139)}&…`)
  })
})
