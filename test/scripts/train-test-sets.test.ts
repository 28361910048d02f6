// scripts/train/test-sets.ts gives the per-file and per-language figures docs/performance.md quotes for the test files.
import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { asProfileInput, type CorpusRow, readRows, rowOf } from '../../scripts/train/corpus'
import { testSetCounts } from '../../scripts/train/test-sets'
import { embeddedModel, scoreWithModel } from '../../src/scorers/model/index'
import { readPost } from '../../src/scorers/rules/reading'

// The seller's row as a test file holds it, with the post, its label and language.
const SELLER = { platform: 'reddit', keyword: 'crm', icp: 'We sell a CRM to small agencies', competitors: ['HubSpot'] }
const row = (id: string, content: string, label: string, lang: string) =>
  rowOf(JSON.stringify({ id, ...SELLER, content, label, lang, market: 'crm for small agencies' }), id) as CorpusRow
const ROWS = [
  row(
    't-1',
    'Budget just got approved for a new CRM for our agency of 12, who do you recommend? Need it this month.',
    'ACTIVE',
    'en',
  ),
  row('t-2', 'CRM as in the crew resource management course for pilots? Passed mine today, so happy!', 'NONE', 'en'),
  row('t-3', 'Ищем CRM для агентства на 10 человек, бюджет согласован, что посоветуете?', 'ACTIVE', 'ru'),
  row('t-4', 'How do you all set up pipeline stages in a CRM for a services business?', 'QUESTION', 'en'),
]

describe('the test sets figures', () => {
  test('counts off topic and others qualified, buyers found and posts for the English weights, per language', () => {
    const models = {
      english: embeddedModel(readPost(ROWS[0]?.content ?? '', 'crm', undefined)),
      otherLanguages: embeddedModel(readPost(ROWS[2]?.content ?? '', 'crm', undefined)),
      otherScripts: embeddedModel(readPost('CRMを探しています', 'crm', undefined)),
    }
    const { all, byLang } = testSetCounts(ROWS, models)
    const qualified = ROWS.map((r) => scoreWithModel(asProfileInput(r)).score >= 6)
    expect(qualified.slice(0, 2)).toEqual([true, false])
    expect(all).toEqual({
      posts: 4,
      offTopic: 1,
      offQualified: 0,
      buyers: 2,
      buyersFound: [qualified[0], qualified[2]].filter(Boolean).length,
      others: 1,
      othersQualified: qualified[3] ? 1 : 0,
      english: 3,
    })
    expect([...byLang.keys()].sort()).toEqual(['en', 'ru'])
    expect(byLang.get('ru')).toMatchObject({ posts: 1, buyers: 1, english: 0 })
  })

  test('a test file is read row by row; a line that is not a row is left out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'test-sets-'))
    try {
      const file = join(dir, 'lx-test.jsonl')
      const lines = [JSON.stringify(ROWS[0]), '{not json', JSON.stringify({ ...ROWS[1], label: 'MAYBE' }), '']
      writeFileSync(file, lines.join('\n'))
      expect(readRows(file).map((r) => r.id)).toEqual(['t-1'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
