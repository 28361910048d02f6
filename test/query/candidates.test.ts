import { describe, expect, test } from 'bun:test'
import { candidateIndex, requiredWords } from '../../src/query/candidates'
import { matchesQuery } from '../../src/query/match'
import { readQuery } from '../../src/query/parse'

// The index a stream matches many queries with (docs/queries.md#matching): it may keep a query that does not match,
// never drop one that does.
const QUERIES = [
  'crm',
  '"sales pipeline" -spreadsheet',
  'crm OR erp',
  'hubspot AND (pricing OR cost)',
  '-crm',
  'platform:bluesky',
  'title:launch',
  'автоматизация',
  'Café',
  'onboard*',
  'CRM author:ann',
  'ลูกค้า',
  '客户管理',
  'Ｆｕｌｌｗｉｄｔｈ',
]
const POSTS = [
  { title: undefined, content: 'Looking for a CRM with a sales pipeline view' },
  { title: 'Launch day', content: 'We moved off the spreadsheet; hubspot pricing is steep' },
  { title: undefined, content: 'Нужна автоматизация продаж, erp или crm?' },
  { title: undefined, content: 'Le café du coin, onboarding de nouveaux clients' },
  { title: undefined, content: '我们在找客户管理软件 fullwidth' },
  { title: undefined, content: 'Nothing relevant here at all.' },
  // Chinese and Japanese around a Latin word, without spaces: each of their characters is a word of its own, so
  // "crm" here is a whole word (docs/queries.md#words) and a stream must match it as polling does.
  { title: undefined, content: '我们需要CRM系统和ERP' },
  { title: 'HubSpotの価格', content: 'pricingが高い' },
  { title: undefined, content: 'เราต้องการลูกค้าใหม่ ระบบCRMสำหรับทีม' },
  { title: undefined, content: '고객관리CRM을 찾고 있어요' },
]

describe('candidateIndex', () => {
  test('every query that matches a post is among its candidates; unrelated ones are left out', () => {
    const items = QUERIES.map((q) => ({ query: readQuery(q) }))
    const index = candidateIndex(items)
    for (const p of POSTS) {
      const post = { platform: 'bluesky', author: 'ann', url: 'https://bsky.app/x', ...p }
      const candidates = new Set(index.candidates(p.title, p.content))
      for (const item of items) if (matchesQuery(item.query, post)) expect(candidates.has(item)).toBe(true)
    }
    // A post without "crm", "hubspot" or "erp" is not matched against those queries at all.
    const quiet = index.candidates(undefined, 'Nothing relevant here at all.').map((i) => i.query.source)
    expect(quiet).not.toContain('crm')
    expect(quiet).not.toContain('hubspot AND (pricing OR cost)')
    expect(quiet).toContain('onboard*')
  })

  test('what a query requires', () => {
    expect(requiredWords(readQuery('hubspot AND (pricing OR cost)').root)).toEqual(new Set(['hubspot']))
    expect(requiredWords(readQuery('crm OR erp').root)).toEqual(new Set(['crm', 'erp']))
    expect(requiredWords(readQuery('onboard*').root)).toBeNull()
  })
})
