// docs/destinations.md#links: a post's address is a link only when it is a web address within the 2,000 characters a
// lead keeps (platforms/common/web-urls.ts). A signal stored before those rules (a 3,500-character address, a
// `javascript:` one) shows its address as text, and the message goes: Slack refuses a whole message whose button `url`
// is over 3,000 characters (Block Kit reference, button element), so one such lead lost a digest of twenty.
import { describe, expect, test } from 'bun:test'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { discordMessage } from '../../../src/domain/webhooks/discord'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { type Lead, shownToPeople } from '../../../src/domain/webhooks/links'
import { checkedAnswer, discordProblems, slackProblems, teamsProblems } from '../../support/chat-receivers'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest } from '../../support/fake-upstream'
import { deliverDue, deliveryRows, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const buttonTexts = (body: any) =>
  body.blocks.filter((b: any) => b.type === 'actions').flatMap((b: any) => b.elements.map((e: any) => e.text.text))
const receiver = fakesPerTest()
const PATHS = {
  slack: '/services/T0/B0/x',
  discord: '/api/webhooks/1234567890/tok-EN_abc',
  teams: '/workflows/5f0c2a/triggers/manual/paths/invoke',
}
const LONG = `https://example.com/${'a'.repeat(3500)}`

async function world(kind: 'slack' | 'discord' | 'teams', cadence: 'instant' | 'hourly') {
  const { deps, clock } = await testDeps({
    now: '2026-11-15T11:58:30.000Z',
    config: { webhooks: { allow_private_targets: true }, server: { public_url: 'https://leads.example.com' } },
  })
  const { team } = await seedTeam(deps)
  const r = receiver((req) => checkedAnswer(kind, req.body))
  await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${r.origin}${PATHS[kind]}`, { kind, cadence }) })
  return { deps, clock, team, r }
}

/** A digest of twenty leads whose best one's address is `url`, delivered to a fake of `kind`: the body it took. */
async function digestWith(kind: 'slack' | 'discord' | 'teams', url: string) {
  const { deps, clock, team, r } = await world(kind, 'hourly')
  const leads = Array.from({ length: 20 }, (_, i) => signalRow(team.id, { score: 7, author: `good${i}` }))
  await storeSignals(deps, [signalRow(team.id, { score: 10, author: 'old', url }), ...leads])
  clock.set('2026-11-15T12:03:00.000Z')
  expect(await buildDueWindows(deps)).toBe(1)
  expect(await deliverDue(deps)).toBe(1)
  expect((await deliveryRows(deps)).map((d) => [d.status, d.last_error])).toEqual([['succeeded', null]])
  expect(r.received).toHaveLength(1)
  return JSON.parse(r.received[0]?.body ?? '')
}

describe('a lead whose post address no chat can link (docs/destinations.md#links)', () => {
  test('slack: a digest of twenty goes, that lead without its button and its address shown as text', async () => {
    const body = await digestWith('slack', LONG)
    expect(slackProblems(body)).toEqual([])
    const sections = body.blocks.filter((b: any) => b.type === 'section').slice(1)
    expect(sections).toHaveLength(10)
    expect(sections[0].accessory).toBeUndefined()
    expect(sections[0].text.text).toContain('\nPost: https://example.com/aaaa')
    expect(sections[0].text.text).toEndWith('…')
    expect(sections.slice(1).every((s: any) => s.accessory?.url.startsWith('https://news.ycombinator.com/'))).toBe(true)
  })

  test('slack: a lead sent alone, its address too long for a button, goes with it as text', async () => {
    const { deps, r, team } = await world('slack', 'instant')
    await storeSignals(deps, [signalRow(team.id, { url: LONG })])
    expect(await deliverDue(deps)).toBe(1)
    expect((await deliveryRows(deps)).map((d) => d.status)).toEqual(['succeeded'])
    const body = JSON.parse(r.received[0]?.body ?? '')
    expect(slackProblems(body)).toEqual([])
    // No button to the post: the only one is the console's.
    expect(buttonTexts(body)).toEqual(['Open the console'])
    expect(body.blocks.at(-2)).toEqual({
      type: 'context',
      elements: [{ type: 'plain_text', text: `Post: https://example.com/${'a'.repeat(80)}…`, emoji: false }],
    })
  })

  test('slack: a lead sent alone with a javascript: address goes without a button, the address not shown', async () => {
    const { deps, r, team } = await world('slack', 'instant')
    await storeSignals(deps, [signalRow(team.id, { url: 'javascript:alert(1)' })])
    expect(await deliverDue(deps)).toBe(1)
    expect((await deliveryRows(deps)).map((d) => d.status)).toEqual(['succeeded'])
    const body = JSON.parse(r.received[0]?.body ?? '')
    expect(slackProblems(body)).toEqual([])
    // No button to the post: the only one is the console's.
    expect(buttonTexts(body)).toEqual(['Open the console'])
    expect(JSON.stringify(body)).not.toContain('javascript:')
  })

  test('discord: the embed has no link to the post, its author line names the address', async () => {
    const body = await digestWith('discord', LONG)
    expect(discordProblems(body)).toEqual([])
    expect(body.embeds).toHaveLength(10)
    expect(body.embeds[0].author.url).toBeUndefined()
    expect(body.embeds[0].author.name).toStartWith('Post: https://example.com/aaaa')
    expect(body.embeds[1].author.url).toStartWith('https://news.ycombinator.com/')
  })

  test('discord: ten leads of every part at its longest, each with such an address, stay within 6,000 characters', () => {
    const longest = signalRow('team_1', {
      author: '<*_>'.repeat(40),
      personId: 'per_0123456789abcdef01234567',
      preview: '*'.repeat(300),
      reason: '_'.repeat(500),
      icpMatch: '~'.repeat(100),
      keyword: '`'.repeat(200),
      url: `https://example.com/${'x'.repeat(5000)}`,
    })
    const leads = Array.from({ length: 10 }, () => shownToPeople(longest as Lead))
    const body = discordMessage(leads, 10, { console: 'https://leads.example.com/#/signals' })
    expect(discordProblems(body)).toEqual([])
    expect(body.embeds.every((e) => e.author?.name === `Post: https://example.com/${'x'.repeat(10)}…`)).toBe(true)
  })

  test('teams: the lead opens nothing when clicked, and shows its address', async () => {
    const body = await digestWith('teams', LONG)
    expect(teamsProblems(body)).toEqual([])
    const [first, second] = body.attachments[0].content.body.filter((el: any) => el.type === 'Container')
    expect(first.selectAction).toBeUndefined()
    expect(JSON.stringify(first.items)).toContain('Post: https://example.com/aaaa')
    expect(second.selectAction.url).toStartWith('https://news.ycombinator.com/')
  })
})
