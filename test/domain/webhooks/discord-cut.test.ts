// docs/destinations.md#bodies: Discord shows the first 150 characters of a lead's reason, cut where a word ends, as
// Slack and Teams cut theirs at 300: a word cut short ("recommen…") reads as a typo, and a quotation left open runs on
// into what the message puts after the reason.
import { expect, test } from 'bun:test'
import { discordMessage } from '../../../src/domain/webhooks/discord'
import { type Lead, whyStart } from '../../../src/domain/webhooks/links'
import { signalRow } from '../../support/webhooks'

const links = { console: 'http://localhost:3000/#/signals' }

test("Discord's reason is cut where a word ends, leaving no quotation open", () => {
  const reason =
    'ACTIVE: wants to buy (buyer 100%, off topic 0%); matches ICP "Small sales teams" (sales, team); weighed most: ' +
    'the words "budget", "approved", "recommendations"; buying phrases, urgency'
  const lead = { ...signalRow('team_1', { reason }), personId: null, promptVersion: null } as Lead
  const why = (discordMessage([lead], 1, links).embeds[0] as { fields: { value: string }[] }).fields[0]?.value ?? ''
  expect(why.length).toBeLessThanOrEqual(150)
  expect(why.endsWith('…')).toBe(true)
  const shown = why.slice(0, -1).replaceAll('\\', '')
  expect(reason.startsWith(shown)).toBe(true)
  // The last word shown is whole, and no quotation opened before the "…": it ends after "approved".
  expect(shown).toMatch(/"approved"$/)
})

test("Slack's and Teams' reason (its first 300 characters) closes a quotation its cut leaves open", () => {
  const words = Array.from({ length: 40 }, (_, i) => `"word${i}"`).join(', ')
  const reason = `ACTIVE: wants to buy (buyer 100%, off topic 0%); weighed most: the words ${words}; buying phrases`
  const shown = whyStart({ reason })
  expect(shown.length).toBeLessThanOrEqual(301)
  expect(shown.split('"').length % 2).toBe(1)
  expect(shown).toMatch(/"word\d+"…$/)
})

test("Discord's reason cut inside a long quotation closes it after the …, within its 150 characters", () => {
  const reason = `ACTIVE: asks "${'which CRM handles pipelines and forecasting for a small team '.repeat(6)}" and names a budget.`
  for (const [open, close] of [
    ['"', '"'],
    ['“', '”'],
  ]) {
    const lead = { ...signalRow('team_1', { reason: reason.replace('"', open).replace('"', close) }) } as Lead
    const why = (discordMessage([lead], 1, links).embeds[0] as { fields: { value: string }[] }).fields[0]?.value ?? ''
    expect({ length: why.length <= 150, end: why.endsWith(`…${close}`) }).toEqual({ length: true, end: true })
  }
})
