// docs/destinations.md#discord: a digest's embeds share Discord's 6,000 characters (Message Resource, "Embed Limits").
// Each lead's title, fields, footer and author line are bounded so that ten of the longest, every character a
// Markdown mark that escaping doubles, still leave each lead some of its post's text, and the message says how many
// leads it leaves out.
import { expect, test } from 'bun:test'
import { discordMessage } from '../../../src/domain/webhooks/discord'
import { type Lead, shownToPeople } from '../../../src/domain/webhooks/links'
import { discordProblems } from '../../support/chat-receivers'
import { signalRow } from '../../support/webhooks'

const links = { console: 'https://leads.example.com/#/signals' }
const worst = (i: number) =>
  shownToPeople({
    ...signalRow('team_1', {
      intent: 'COMPETITOR',
      score: 10,
      platform: 'stackoverflow',
      author: '<*_>'.repeat(50),
      preview: '*_'.repeat(150),
      reason: '[]'.repeat(250),
      keyword: '**'.repeat(100),
      icpMatch: '()'.repeat(50),
      url: `https://stackoverflow.com/q/${i}`,
    }),
    personId: 'per_0123456789abcdef01234567',
    promptVersion: null,
  } as Lead)

test('a digest of the longest leads: ten embeds within the limits, each with some text, and the rest counted', () => {
  const leads = Array.from({ length: 50 }, (_, i) => worst(i))
  const message = discordMessage(leads, 50, links, 'daily digest, 2026-11-15 09:00 to 2026-11-16 09:00 Europe/Berlin')
  expect(discordProblems(message)).toEqual([])
  expect(message.embeds).toHaveLength(10)
  expect(message.content).toContain('40 more in the console')
  for (const embed of message.embeds) {
    expect(embed.title).toEndWith(' on Stack Overflow')
    // Some of the post: more than the "…" of a text cut to nothing.
    expect(embed.description.replaceAll('\\', '').length).toBeGreaterThan(5)
  }
})
