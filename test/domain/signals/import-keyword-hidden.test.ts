// docs/operations.md#importing-signals: a signal's `keyword` is the query it was found with, and a tracked keyword
// holds no control or direction character (refused where it is, docs/queries.md#spaces). An import took any 200
// characters there: a right-to-left override from a file made elsewhere was shown inside the keyword's quotes in the
// console ("crm\u202eerp" read “crm”pre), and an escape sequence went to the e-mails' plain text. A line whose keyword
// holds one is now refused as the keyword itself would be, naming the character; tabs and line breaks, which a keyword
// reads as spaces, are not such characters.
import { expect, test } from 'bun:test'
import { parseSignalLine } from '../../../src/domain/signals/import'
import { importLine } from '../../support/exports'

const NOW = new Date('2026-11-01T00:00:00Z')
const rowOrMessage = (keyword: string) => {
  const r = parseSignalLine(importLine(1, { keyword }), { teamId: 'team_1', now: NOW })
  return r && 'row' in r ? { keyword: r.row.keyword } : r
}

test.each([
  ['crm\u001b[2J', 'U+001B'],
  ['crm \u202eerp', 'U+202E'],
  ['\u2067crm', 'U+2067'],
  ['crm\u061c', 'U+061C'],
  ['crm\u0085erp', 'U+0085'],
])('a keyword holding %j rejects its line, naming %s', (keyword, code) => {
  expect(rowOrMessage(keyword)).toEqual({
    message: `keyword: must not hold a control or direction character (${code}), as a tracked keyword holds none`,
  })
})

test.each(['crm OR erp', 'מערכת CRM', 'crm\terp', '"crm\nerp"', 'نظام'])(
  'the keyword %j imports as written',
  (keyword) => {
    expect(rowOrMessage(keyword)).toEqual({ keyword })
  },
)
