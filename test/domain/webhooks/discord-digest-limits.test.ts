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

// docs/destinations.md#bodies: each lead's person links to their page, a field whose masked link counts toward the
// 6,000 characters like any other text. It takes its room from the post's text, which keeps its first 100 characters;
// where a lead's share has no room for both (ten of the longest leads), the footer still names the person.
const PEOPLE = 'https://leads.example.com/#/people/'
const personField = { name: 'Person', value: `[Open the person’s page](${PEOPLE}per_0123456789abcdef01234567)` }
const ordinary = (i: number) =>
  shownToPeople({
    ...signalRow('team_1', {
      author: `ann_ops_${i}`,
      preview: `We keep losing deals in spreadsheets; ${'is there a CRM that a team of five can set up in a day? '.repeat(5)}`,
      reason: `Asks for a CRM for a small sales team, ${'with a budget and a date named. '.repeat(5)}`,
      keyword: 'crm',
      icpMatch: 'Sales teams',
      url: `https://news.ycombinator.com/item?id=${i}`,
    }),
    personId: 'per_0123456789abcdef01234567',
    personName: `Ann Ops ${i}`,
    promptVersion: null,
  } as Lead)

test("a digest of ten ordinary leads links each one's person, within the limits, with the post's text kept", () => {
  const message = discordMessage(
    Array.from({ length: 10 }, (_, i) => ordinary(i)),
    10,
    { ...links, people: PEOPLE },
  )
  expect(discordProblems(message)).toEqual([])
  for (const embed of message.embeds) {
    expect(embed.fields.at(-1)).toEqual(personField)
    expect(embed.description.length).toBeGreaterThanOrEqual(100)
  }
})

test('a lead sent alone always links its person; ten of the longest stay within the limits', () => {
  expect(discordMessage([worst(1)], 1, { ...links, people: PEOPLE }).embeds[0]?.fields.at(-1)).toEqual(personField)
  const message = discordMessage(
    Array.from({ length: 10 }, (_, i) => worst(i)),
    10,
    { ...links, people: PEOPLE },
  )
  expect(discordProblems(message)).toEqual([])
  for (const embed of message.embeds) expect(embed.footer?.text).toStartWith('person ')
})
