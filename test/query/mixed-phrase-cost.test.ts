import { expect, test } from 'bun:test'
import { readQuery } from '../../src/query/parse'
import { mayMatchText } from '../../src/query/match'
import { fastestMs } from '../support/cpu-time'

// A phrase of CJK and Latin words (docs/queries.md#words) went on to its pattern wherever its words joined occur in
// the text's words joined, and the pattern tried the whole phrase from each CJK character: 190 of one character and
// "crm", over a 1 MB post of that character ending in the phrase, took 1.2 s; over the preview's 2,000 posts of
// 4,000 characters, about as much per 1 MB (docs/performance.md#query-preview).
const phrase = `"${'語'.repeat(190)} crm"`

test('a long mixed CJK and Latin phrase over a 1 MB post of its CJK character is matched in well under 1 s', async () => {
  const query = readQuery(phrase)
  const ms = await fastestMs(1000, () => {
    expect(mayMatchText(query, `${'語'.repeat(1_000_000)} crm`)).toBe(true)
    expect(mayMatchText(query, `${'語 '.repeat(500_000)}crms ${'語'.repeat(190)}crm`)).toBe(true)
    expect(mayMatchText(query, `${'語'.repeat(1_000_000)}crms x${'語'.repeat(190)}xcrm`)).toBe(false)
  })
  expect(ms).toBeLessThan(1000)
})

test('mixed phrases match across spaces and punctuation, never inside a Latin word', () => {
  const crm = readQuery('"CRM 导入"')
  expect(mayMatchText(crm, 'CRM导入')).toBe(true)
  expect(mayMatchText(crm, 'Our CRM，导入 is slow')).toBe(true)
  expect(mayMatchText(crm, 'CRM 导 入')).toBe(true)
  expect(mayMatchText(crm, 'SCRM导入')).toBe(false)
  expect(mayMatchText(crm, 'CRM导出入')).toBe(false)
  const notion = readQuery('"Notion 替代"')
  expect(mayMatchText(notion, 'notion替代品')).toBe(true)
  expect(mayMatchText(notion, 'notions替代')).toBe(false)
  expect(mayMatchText(notion, 'ＮＯＴＩＯＮ 替代')).toBe(true)
  const after = readQuery('"导入 CRM"')
  expect(mayMatchText(after, '数据导入crm')).toBe(true)
  expect(mayMatchText(after, '导入 crms')).toBe(false)
  // Latin phrases keep theirs: at least one non-word character between two words.
  expect(mayMatchText(readQuery('"sales pipeline"'), 'Sales—pipeline')).toBe(true)
  expect(mayMatchText(readQuery('"sales pipeline"'), 'salespipeline')).toBe(false)
  expect(mayMatchText(readQuery('"sales pipe"'), 'sales pipeline')).toBe(false)
})
