// docs/destinations.md#bodies: Slack's mrkdwn reads *bold*, _italic_, ~strike~ and `code` and has no escape for them
// (only & < > are escaped), so a post's own words go to Slack as plain_text objects (Block Kit's text object: no
// formatting), and only what this server writes (labels, links) as mrkdwn. Delivered to a fake Slack webhook that
// answers 400 invalid_blocks for blocks out of Block Kit's format.
import { describe, expect, test } from 'bun:test'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { type Lead, shownToPeople } from '../../../src/domain/webhooks/links'
import { slackMessage } from '../../../src/domain/webhooks/slack'
import { slackDigest } from '../../../src/domain/webhooks/slack-digest'
import { checkedAnswer, slackProblems } from '../../support/chat-receivers'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest } from '../../support/fake-upstream'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()
const AUTHOR = '*boss* _of_ ~sales~'
const POST = 'We need *bold* _italic_ ~strike~ `code` & <tags> :skull: now'
const KEYWORD = '_crm_'

type TextObject = { type: string; text: string; emoji?: boolean; verbatim?: boolean }
/** Every text object of a message's blocks. */
function textObjects(blocks: unknown): TextObject[] {
  const found: TextObject[] = []
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk)
    else if (node && typeof node === 'object') {
      const o = node as Record<string, unknown>
      if ((o.type === 'mrkdwn' || o.type === 'plain_text') && typeof o.text === 'string') found.push(o as TextObject)
      else Object.values(o).forEach(walk)
    }
  }
  walk(blocks)
  return found
}

async function delivered(cadence: 'instant' | 'hourly') {
  const { deps, clock } = await testDeps({
    now: '2026-11-15T11:58:30.000Z',
    config: { webhooks: { allow_private_targets: true }, server: { public_url: 'https://leads.example.com' } },
  })
  const { team } = await seedTeam(deps)
  const r = receiver((req) => checkedAnswer('slack', req.body))
  await createEndpoint(deps, {
    teamId: team.id,
    input: endpointInput(`${r.origin}/services/T0/B0/x`, { kind: 'slack', cadence }),
  })
  const lead = signalRow(team.id, { author: AUTHOR, preview: POST, contentFull: POST, keyword: KEYWORD })
  await storeSignals(deps, [lead, signalRow(team.id, { score: 6 })])
  if (cadence === 'hourly') {
    clock.set('2026-11-15T12:02:30.000Z')
    expect(await buildDueWindows(deps)).toBe(1)
  }
  expect(await deliverDue(deps)).toBe(cadence === 'hourly' ? 1 : 2)
  expect(r.received.length).toBe(cadence === 'hourly' ? 1 : 2)
  const body = JSON.parse(r.received[0].body)
  return { body, objects: textObjects(body.blocks), url: lead.url }
}

/** The post's words reach Slack only in plain_text objects, as typed and with colon codes left as typed. */
function expectPlain(objects: TextObject[], words: string[]) {
  for (const word of words) {
    const holding = objects.filter((o) => o.text.includes(word))
    expect({ word, found: holding.length > 0 }).toEqual({ word, found: true })
    for (const o of holding)
      expect({ word, type: o.type, emoji: o.emoji }).toEqual({ word, type: 'plain_text', emoji: false })
  }
  for (const o of objects.filter((o) => o.type === 'mrkdwn'))
    for (const part of ['boss', 'bold', '_crm_', 'Hacker News']) expect(o.text).not.toContain(part)
}

describe('a Slack message shows the post as typed (docs/destinations.md#bodies)', () => {
  test('a lead alone: author, platform, text and keyword are plain_text; the labels stay mrkdwn', async () => {
    const { objects } = await delivered('instant')
    expectPlain(objects, [AUTHOR, 'Hacker News', POST, `keyword “${KEYWORD}”`])
    expect(objects).toContainEqual({ type: 'mrkdwn', text: '*Author*', verbatim: true })
  })
})

describe('a Slack digest shows each post as typed (docs/destinations.md#bodies)', () => {
  test('headline, text and keyword are plain_text; the link to the post is a button, the console link mrkdwn', async () => {
    const { body, objects, url } = await delivered('hourly')
    expectPlain(objects, [`8/10 ACTIVE · ${AUTHOR} on Hacker News\n${POST}`, `keyword “${KEYWORD}”`])
    const lead = body.blocks.find((b: any) => b.text?.text?.includes(AUTHOR))
    expect(lead.accessory).toEqual({ type: 'button', text: { type: 'plain_text', text: 'Open the post' }, url })
    expect(body.blocks[0].text).toEqual({
      type: 'mrkdwn',
      text: '*2 new leads (hourly digest, 2026-11-15 11:58 to 2026-11-15 12:00 UTC)* · <https://leads.example.com/#/signals|Open the console>',
      verbatim: true,
    })
  })

  test('a lead without a name or text is still within Block Kit: Slack refuses an empty text object', () => {
    const empty = shownToPeople(signalRow('team_1', { author: ' ', preview: '', contentFull: '' }) as Lead)
    expect(slackProblems(slackMessage(empty))).toEqual([])
    expect(slackProblems(slackDigest([empty], 1, { console: 'https://leads.example.com/#/signals' }, 'daily'))).toEqual(
      [],
    )
  })
})

describe("a Slack message's notification text (docs/destinations.md#bodies)", () => {
  // Slack's message payload reference: the top-level `text` is rendered as mrkdwn unless `mrkdwn` is false; with blocks
  // it is what notifications and screen readers show.
  test('is not read as mrkdwn, for a lead alone and for a digest; & < > stay escaped', async () => {
    const instant = await delivered('instant')
    expect(instant.body.mrkdwn).toBe(false)
    expect(instant.body.text).toContain(
      '*boss* _of_ ~sales~ on Hacker News: We need *bold* _italic_ ~strike~ `code` &amp; &lt;tags&gt;',
    )
    const digest = await delivered('hourly')
    expect(digest.body.mrkdwn).toBe(false)
  })
})
