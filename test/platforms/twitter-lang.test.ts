import { describe, expect, test } from 'bun:test'
import { twitterQuery } from '../../src/query/platform-queries'
import { fakesPerTest } from '../support/fake-upstream'
import { searchX } from './twitter-search-fake'

// A fake X API v2 recent search that honours lang: as X's list of operators documents it
// (docs/platforms.md#keyword-queries): a post matches lang:ID only when X classified it as that identifier, from X's
// own list, where Hebrew is iw and Chinese zh-CN or zh-TW. The rest of the query is not read: every post is about crm.
const fake = fakesPerTest()
const POSTS = [
  { id: '1790000000000000001', lang: 'iw', text: 'אנחנו מחפשים מערכת CRM חדשה לצוות המכירות שלנו' },
  { id: '1790000000000000002', lang: 'zh-CN', text: '我们公司正在寻找一个新的CRM系统来管理客户' },
  { id: '1790000000000000003', lang: 'en', text: 'We are looking for a new CRM for our sales team' },
]
const search = (keyword: string) =>
  searchX(fake, keyword, (query) => {
    const langs = [...query.replace(/"[^"]*"/g, '').matchAll(/(?:^|[\s(])lang:(\S+?)(?=[\s)]|$)/g)].map((m) => m[1])
    return POSTS.filter((p) => langs.every((l) => p.lang === l))
  })

describe('X: lang: is sent as an identifier X classifies posts by, or not at all', () => {
  test('lang:he asks X for iw, its identifier for Hebrew, and finds the Hebrew post', async () => {
    expect(twitterQuery('crm lang:he')).toBe('crm lang:iw')
    expect(await search('crm lang:he')).toEqual([POSTS[0].id])
  })

  test('a language X does not classify by (zh, ms, az, be, ku, sq, yo) is left to our matching', async () => {
    for (const code of ['zh', 'ms', 'az', 'be', 'ku', 'sq', 'yo']) expect(twitterQuery(`crm lang:${code}`)).toBe('crm')
    expect(await search('crm lang:zh')).toContain(POSTS[1].id)
  })

  test('a language X classifies by goes as it is', async () => {
    expect(twitterQuery('crm lang:en')).toBe('crm lang:en')
    expect(await search('crm lang:en')).toEqual([POSTS[2].id])
  })
})
