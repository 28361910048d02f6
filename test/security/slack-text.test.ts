import { describe, expect, test } from 'bun:test'
import { slackMessage } from '../../src/domain/webhooks/slack'
import { slackDigest } from '../../src/domain/webhooks/slack-digest'
import type { NewSignal } from '../../src/storage/repos/signals'
import { signalRow } from '../support/webhooks'

// Issue 32 item 4: a post's author and text are the poster's; Slack reads `<…>` in mrkdwn as a mention or a link.
const hostile = signalRow('team_x', {
  author: '<!channel> eve',
  preview: 'Deal inside <https://evil.example|Click for the CRM deal> & <@U123>',
  reason: 'Says <!here> needs a CRM',
  keyword: 'crm <!everyone>',
}) as Required<NewSignal>

/** The text objects of a message's blocks of one type. */
function textObjects(blocks: unknown, type: 'mrkdwn' | 'plain_text'): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = []
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk)
    else if (node && typeof node === 'object') {
      const o = node as Record<string, unknown>
      if (o.type === type && typeof o.text === 'string') found.push(o)
      Object.values(o).forEach(walk)
    }
  }
  walk(blocks)
  return found
}
const mrkdwnObjects = (blocks: unknown) => textObjects(blocks, 'mrkdwn')

/** Every string Slack reads as mrkdwn: the top-level text (notifications) and the mrkdwn objects of the blocks. */
const mrkdwnTexts = (message: ReturnType<typeof slackMessage>) => [
  message.text,
  ...mrkdwnObjects(message.blocks).map((o) => o.text as string),
]
/** Every string of a message: the top-level text and all its text objects, mrkdwn and plain_text. */
const allTexts = (message: ReturnType<typeof slackMessage>) => [
  ...mrkdwnTexts(message),
  ...textObjects(message.blocks, 'plain_text').map((o) => o.text as string),
]

describe('Slack message of a hostile post', () => {
  test('no field Slack reads as mrkdwn carries a raw < or > from the post, the top-level text included', () => {
    const message = slackMessage(hostile)
    const texts = mrkdwnTexts(message)
    expect(texts.length).toBeGreaterThanOrEqual(5)
    for (const text of texts) {
      expect(text).not.toContain('<!channel>')
      expect(text).not.toContain('<https://evil.example')
      // The only > left is the quote marker the message puts at the start of each quoted line.
      expect(text.replace(/(^|\n)>/g, '$1')).not.toMatch(/[<>]/)
    }
    expect(message.text).toContain('&lt;!channel&gt; eve')
    expect(message.text).toContain('&lt;https://evil.example|Click for the CRM deal&gt; &amp; &lt;@U123&gt;')
    // In the blocks the post's words are plain_text, which Slack neither formats nor parses: as typed.
    expect(allTexts(message)).toContain(`${hostile.preview}…`)
  })
})

describe('Slack text objects', () => {
  // docs.slack.dev's text object: without `verbatim`, Slack links URLs and conversation names and parses certain
  // mentions in a mrkdwn text itself; with it, the text shows as sent (docs/destinations.md#bodies).
  test('every mrkdwn object of an instant message and of a digest is verbatim', () => {
    const digest = slackDigest([hostile], 1, { console: 'http://localhost:8080/#/signals' }, 'the last hour')
    const objects = [...mrkdwnObjects(slackMessage(hostile).blocks), ...mrkdwnObjects(digest.blocks)]
    expect(objects.length).toBeGreaterThanOrEqual(5)
    for (const o of objects) expect(o.verbatim).toBe(true)
  })
})

describe('Slack message of the longest reason and keyword', () => {
  test('every text stays within Slack 3,000 characters, the reason and the keyword whole as typed', () => {
    // A scorer's reason is at most 500 characters, a keyword 200 and a profile's name 100; each & becomes &amp; (five
    // characters).
    const longest = signalRow('team_x', {
      reason: '&'.repeat(500),
      keyword: '&'.repeat(200),
      icpMatch: '&'.repeat(100),
    }) as Required<NewSignal>
    const texts = allTexts(slackMessage(longest))
    const why = texts.find((t) => t.startsWith('Why:'))
    expect(why).toContain('&'.repeat(300))
    expect(texts).toContain(`ICP “${'&'.repeat(100)}”`)
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(3000)
  })

  test('a reason cut to 300 characters is cut where a word ends', () => {
    const words = 'the rules read: asks for a spreadsheet replacement with budget approved'
    const reason = `${words} ${words} ${words} ${words} ${words}`.slice(0, 360)
    const why = allTexts(slackMessage(signalRow('team_x', { reason }) as Required<NewSignal>)).find((t) =>
      t.startsWith('Why:'),
    )
    const cut = /^Why: (.*)…$/.exec(why ?? '')?.[1] ?? ''
    expect(cut.length).toBeGreaterThan(250)
    expect(cut.length).toBeLessThanOrEqual(300)
    expect(reason.startsWith(cut)).toBe(true)
    expect(reason[cut.length]).toBe(' ')
  })
})

describe('Slack message of a post longer than its preview', () => {
  // The preview is the post's first 300 characters, cut wherever they end: quoted as it is, it read "…a sales pro".
  const full = `${'a '.repeat(136)}We need an outbound prospecting tool for our sales team.`
  const message = slackMessage(
    signalRow('team_x', { preview: full.slice(0, 300), contentFull: full }) as Required<NewSignal>,
  )

  test("the post's text and the notification text end with the last whole word and '…'", () => {
    const quote = allTexts(message).find((t) => t.startsWith('a a '))
    expect(quote?.endsWith(' We need an outbound…')).toBe(true)
    expect(message.text.endsWith(' We need an outbound…')).toBe(true)
  })

  test('a post that ends with its preview is quoted whole, without "…"', () => {
    const whole = slackMessage(
      signalRow('team_x', { preview: 'Short post.', contentFull: 'Short post.' }) as Required<NewSignal>,
    )
    expect(allTexts(whole)).toContain('Short post.')
  })
})
