import { describe, expect, test } from 'bun:test'
import { type MatchablePost, matchesQuery } from '../../src/query/match'
import { parseQuery } from '../../src/query/parse'
import { candidateIndex } from '../../src/query/candidates'

const rootOf = (q: string) => {
  const parsed = parseQuery(q)
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error))
  return parsed.query.root
}

const post = (id: string, p: Partial<MatchablePost> & { content: string }): [string, MatchablePost] => [
  id,
  { platform: 'reddit', author: 'someone', url: 'https://www.reddit.com/r/saas/comments/1/x/', ...p },
]
const POSTS = new Map<string, MatchablePost>([
  post('crm-need', { content: 'We need a CRM for our sales pipeline. Any recommendations?' }),
  post('hubspot', { content: 'Is HubSpot CRM worth it for a small team?', author: 'Bob' }),
  post('crms-plural', {
    content: 'Comparing CRMs this week',
    platform: 'hackernews',
    url: 'https://news.ycombinator.com/item?id=1',
  }),
  post('erp', {
    content: 'Looking for an ERP, any advice',
    platform: 'github',
    url: 'https://github.com/acme/tools/issues/3',
    title: 'ERP integration',
  }),
  post('automation', {
    content: 'Automating invoices with a script',
    platform: 'stackoverflow',
    url: 'https://superuser.com/questions/9',
    title: 'Invoice automation',
  }),
  post('german', {
    content: 'Wir suchen ein CRM für unser Vertriebsteam, Empfehlungen?',
    platform: 'bluesky',
    url: 'https://bsky.app/profile/x/post/1',
    kind: 'comment',
  }),
  post('cafe', {
    content: 'Le café du coin cherche un logiciel de caisse',
    platform: 'news',
    url: 'https://www.lemonde.fr/a',
  }),
  post('chinese', { content: '我们需要客户管理系统', platform: 'twitter', url: 'https://x.com/a/status/1' }),
  post('pipeline-split', {
    content: 'The pipeline for sales is broken',
    platform: 'stackoverflow',
    url: 'https://dba.stackexchange.com/q/2',
  }),
])

// docs/queries.md: each query and the posts it matches, in the table's order.
const TABLE: [string, string[]][] = [
  ['crm', ['crm-need', 'hubspot', 'german']],
  ['CRM', ['crm-need', 'hubspot', 'german']],
  ['crm*', ['crm-need', 'hubspot', 'crms-plural', 'german']],
  ['automat*', ['automation']],
  ['"sales pipeline"', ['crm-need']],
  ['sales pipeline', ['crm-need', 'pipeline-split']],
  ['crm -hubspot', ['crm-need', 'german']],
  ['crm NOT hubspot', ['crm-need', 'german']],
  ['crm OR erp', ['crm-need', 'hubspot', 'erp', 'german']],
  ['(crm OR erp) advice', ['erp']],
  ['crm -"worth it"', ['crm-need', 'german']],
  ['crm -(hubspot OR sales)', ['german']],
  ['crm platform:reddit', ['crm-need', 'hubspot']],
  ['crm -platform:reddit', ['german']],
  ['crm subreddit:saas', ['crm-need', 'hubspot']],
  ['erp site:acme', ['erp']],
  ['erp site:acme/tools', ['erp']],
  ['erp site:other', []],
  ['invoices site:superuser', ['automation']],
  ['pipeline site:dba', ['pipeline-split']],
  ['café site:lemonde.fr', ['cafe']],
  ['crm author:bob', ['hubspot']],
  ['crm -author:@BOB', ['crm-need', 'german']],
  ['crm lang:de', ['german']],
  ['crm lang:en', ['crm-need', 'hubspot']],
  ['crm type:comment', ['german']],
  ['crm type:post', ['crm-need', 'hubspot']],
  ['title:erp', ['erp']],
  ['title:automation', ['automation']],
  ['title:invoices', []],
  ['cafe', []],
  ['CAFÉ', ['cafe']],
  ['für', ['german']],
  ['客户', ['chinese']],
  ['"客户 管理"', ['chinese']],
  ['客管', []],
  ['hub', []],
]

// A stand-in for the language detector with the same contract: a code for the German post, English for the others
// with "the".
const detect = (text: string) => (/\b(wir|für)\b/i.test(text) ? 'de' : /\b(we|is|the)\b/i.test(text) ? 'en' : undefined)

describe('matchesQuery: queries × posts', () => {
  for (const [q, expected] of TABLE) {
    test(q, () => {
      const parsed = parseQuery(q)
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.error))
      const matched = [...POSTS].filter(([, p]) => matchesQuery(parsed.query, p, detect)).map(([id]) => id)
      expect(matched).toEqual(expected)
    })
  }
})

describe('matchesQuery: word boundaries', () => {
  const on = (q: string, content: string) => {
    const parsed = parseQuery(q)
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.error))
    return matchesQuery(parsed.query, { platform: 'x', author: 'a', url: 'https://x.com/a', content })
  }
  test('whole words next to punctuation, digits, other scripts and Chinese characters', () => {
    expect(on('crm', "our CRM's price")).toBe(true)
    expect(on('crm', 'HubCRM and CRM2')).toBe(false)
    expect(on('crm', '用CRM管理')).toBe(true)
    expect(on('"crm 系统"', '我们的CRM系统')).toBe(true)
    expect(on('node.js', 'built on Node.js today')).toBe(true)
    expect(on('node.js', 'nodejs')).toBe(false)
    expect(on('"sales pipeline"', 'sales —\n pipeline')).toBe(true)
    expect(on('straße', 'Die STRASSE')).toBe(false)
    expect(on('ｃｒｍ', 'a crm')).toBe(true)
  })
  test('Thai and Lao are written without spaces between words, as Chinese is: a word matches inside a run', () => {
    // "we need new customers": ลูกค้า (customer) is written between เราต้องการ and ใหม่ with no space.
    expect(on('ลูกค้า', 'เราต้องการลูกค้าใหม่')).toBe(true)
    expect(on('"ลูกค้า ใหม่"', 'เราต้องการลูกค้าใหม่')).toBe(true)
    expect(on('ลูกค้า', 'เราต้องการพนักงานใหม่')).toBe(false)
    expect(on('crm', 'ระบบCRMสำหรับทีม')).toBe(true)
    expect(on('ລູກຄ້າ', 'ພວກເຮົາຕ້ອງການລູກຄ້າໃໝ່')).toBe(true)
  })
  test('Korean joins particles to its words: a word matches with one joined, as the rules scorer reads it', () => {
    // 고객을 is 고객 (customer) with the object particle 을; 결제시스템 is 결제 시스템 written together.
    expect(on('고객', '새로운 고객을 찾고 있어요')).toBe(true)
    expect(on('"결제 시스템"', '결제시스템을 찾고 있어요')).toBe(true)
    expect(on('고객', '주말에 가족과 캠핑을 갔어요')).toBe(false)
  })
  test('Turkish capital İ is the lower-case i of the same word (docs/queries.md#words: compared in lower case)', () => {
    // JavaScript lower-cases İ (U+0130) to i and a combining dot above (U+0307); a Turkish text writes İstanbul
    // and İÇİN where a query says istanbul and için.
    expect(on('istanbul', "İstanbul'da bir CRM arıyoruz")).toBe(true)
    expect(on('için', 'CRM İÇİN ÖNERİ')).toBe(true)
    expect(on('İstanbul', 'istanbul ofisi')).toBe(true)
    expect(on('"crm için"', 'CRM İÇİN')).toBe(true)
    expect(on('istanbul', 'İstanbulda')).toBe(false)
  })
  test('an invisible soft hyphen or word joiner inside a word leaves it one word, as a reader sees it', () => {
    // German news and blogs write soft hyphens (U+00AD) into long words so they break across lines; a literal one or
    // &#173; stays in the text, where 'Kunden­management' reads as Kundenmanagement (docs/queries.md#words).
    expect(on('kundenmanagement', 'Neues Kunden\u00admanagement für KMU')).toBe(true)
    expect(on('crm', 'Our C\u00adRM and C\u2060RM\ufeff')).toBe(true)
    expect(on('"kunden management"', 'Kunden\u00admanagement')).toBe(false)
    expect(on('crm', 'c rm')).toBe(false)
    const index = candidateIndex([{ query: { root: rootOf('kundenmanagement') } }])
    expect(index.candidates(undefined, 'Kunden\u00admanagement')).toHaveLength(1)
  })
})
