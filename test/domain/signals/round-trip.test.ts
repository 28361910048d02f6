// docs/operations.md#exporting-signals: a JSON Lines export imports into another team as it is. A platform's text
// has no length of its own; what a signal stores of it must be what an import takes, or one signal stops a move.
import { describe, expect, test } from 'bun:test'
import { jsonLine } from '../../../src/domain/signals/export-lines'
import { signalFromMention } from '../../../src/domain/signals/from-mention'
import { parseSignalLine } from '../../../src/domain/signals/import'
import type { Mention } from '../../../src/mention'

const NOW = new Date('2026-11-15T12:00:00.000Z')

/** A stored signal as the export reads it back. */
const exportedLine = (mention: Mention) => {
  const s = signalFromMention({
    teamId: 'team_a',
    keyword: 'crm',
    mention,
    score: { score: 8, intent: 'ACTIVE', icpMatch: null, reason: 'asks for a CRM' },
  })
  return jsonLine({
    ...{ rowid: 1, id: s.id, postId: s.postId, platform: s.platform, author: s.author, intent: s.intent },
    ...{
      score: s.score,
      reason: s.reason,
      icpMatch: s.icpMatch ?? null,
      preview: s.preview,
      contentFull: s.contentFull ?? null,
    },
    ...{ url: s.url, keyword: s.keyword, publishedAt: s.publishedAt, detectedAt: NOW.toISOString(), personId: 'per_1' },
    ...{ verdict: null, verdictReason: null, judgedAt: null, dismissed: false },
  })
}

describe('an exported signal imports again', () => {
  test('when its author was longer than an import takes (a Bluesky handle of 253 characters): stored cut to 200', () => {
    // 199 characters, an emoji across the 200th, then more: 253 in all.
    const handle = `${'a'.repeat(62)}.${'b'.repeat(62)}.${'c'.repeat(62)}.${'d'.repeat(10)}😀${'e'.repeat(40)}.bsky.social`
    expect(handle).toHaveLength(253)
    const line = exportedLine({
      id: 'at://did:plc:x/app.bsky.feed.post/1',
      author: handle,
      content: 'looking for a CRM',
      url: 'https://bsky.app/profile/x/post/1',
      profileUrl: '',
      date: '2026-11-14T10:00:00.000Z',
      platform: 'bluesky',
      engagement: { likes: 0, comments: 0, shares: 0 },
    })
    const parsed = parseSignalLine(line, { teamId: 'team_b', now: NOW })
    expect(parsed).toHaveProperty('row')
    const author = (parsed as { row: { author: string } }).row.author
    // Cut before the emoji's two halves, never between them.
    expect(author).toBe(handle.slice(0, 199))
  })
})
