// docs/destinations.md#teams: a lead's text in a Teams card shows as typed. Adaptive Cards read DATE() and TIME()
// functions in a card's text and show the date in the reader's own format and zone instead (Microsoft's "Adaptive
// Cards: text features", Date/Time formatting; the Adaptive Cards renderer formats a TextRun's text as a TextBlock's),
// so a post or a name holding `{{DATE(2017-02-14T06:08:39Z, SHORT)}}` showed "2/14/2017", not what its author wrote.
import { expect, test } from 'bun:test'
import { type Lead, shownToPeople } from '../../../src/domain/webhooks/links'
import { teamsMessage } from '../../../src/domain/webhooks/teams'
import { cardRuns, signalRow } from '../../support/webhooks'

// The functions as that page documents them: all capitals, no spaces inside {{ }} or the parentheses, an RFC 3339 time
// with Z or an offset, and for DATE an optional COMPACT, SHORT or LONG after a comma.
const FUNCTION =
  /\{\{(?:DATE\(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})(?:, ?(?:COMPACT|SHORT|LONG))?\)|TIME\(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})\))\}\}/

const runs = cardRuns

test('a post and a name holding DATE() and TIME() functions show in a Teams card as typed, not as a date', () => {
  const post =
    'Meet on {{DATE(2017-02-14T06:08:39Z, SHORT)}} at {{TIME(2017-02-14T06:08:39-07:00)}}, {{date(x)}} stays.'
  const author = '{{DATE(2026-01-01T00:00:00Z,LONG)}}'
  const lead = shownToPeople({ ...signalRow('team_1'), author, preview: post } as Lead)
  const texts = runs(teamsMessage([lead], 1, { console: 'https://leads.example.com/#/signals' }))
  expect(texts.filter((t) => FUNCTION.test(t))).toEqual([])
  // Shown as typed: what a reader sees (the word joiner, U+2060, is not drawn) is the post and the name.
  const seen = texts.map((t) => t.replaceAll('\u2060', ''))
  expect(seen).toContain(post)
  expect(seen.some((t) => t.includes(` · ${author} on Hacker News`))).toBe(true)
})
