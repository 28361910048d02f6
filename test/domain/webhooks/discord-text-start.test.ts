// docs/destinations.md#bodies: every message shows the start of a lead's post (up to 280 characters). Discord's 6,000
// characters of a message are shared by its embeds, so a digest of ten gives each a tenth; a message of one lead has
// them all, and shows its post's start whole however long its reason, profile and author are.
import { expect, test } from 'bun:test'
import { discordMessage } from '../../../src/domain/webhooks/discord'
import { type Lead, shownToPeople, textStart } from '../../../src/domain/webhooks/links'
import { discordProblems } from '../../support/chat-receivers'
import { signalRow } from '../../support/webhooks'

const links = { console: 'https://leads.example.com/#/signals' }
const lead = shownToPeople({
  ...signalRow('team_1', {
    author: 'Head of Revenue Operations at a mid-sized logistics company (EMEA)',
    preview: `We need a CRM for a team of 14 sellers; budget approved: ${'we compare options this quarter, '.repeat(8)}`,
    reason: `ACTIVE: wants to buy; matches ICP "Small sales teams"; ${'names a budget and a team size; '.repeat(6)}`,
    icpMatch: 'Small sales teams of ten to fifty reps selling B2B software in Europe',
  }),
  personId: 'per_0123456789abcdef01234567',
} as Lead)

test("a Discord message of one lead shows its post's start whole", () => {
  const message = discordMessage([lead], 1, links)
  expect(discordProblems(message)).toEqual([])
  expect(message.embeds[0].description.replaceAll('\\', '')).toBe(textStart(lead))
})

test('a digest of ten such leads stays within the 6,000 characters of a message', () => {
  const message = discordMessage(
    Array.from({ length: 10 }, () => lead),
    10,
    links,
  )
  expect(discordProblems(message)).toEqual([])
})
