import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createTwitterConnector } from '../../src/platforms/twitter/connector'
import { twitterQuery } from '../../src/query/platform-queries'
import { fakesPerTest } from '../support/fake-upstream'

// A fake X API v2 recent search that honours lang: as X's list of operators documents it
// (docs/platforms.md#keyword-queries): a post matches lang:ID only when X classified it as that identifier, from X's
// own list, where Hebrew is iw and Chinese zh-CN or zh-TW. The rest of the query is not read: every post is about crm.
const fake = fakesPerTest()
const POSTS = [
  { id: '1790000000000000001', lang: 'iw', text: 'אנחנו מחפשים מערכת CRM חדשה לצוות המכירות שלנו' },
  { id: '1790000000000000002', lang: 'zh-CN', text: '我们公司正在寻找一个新的CRM系统来管理客户' },
  { id: '1790000000000000003', lang: 'en', text: 'We are looking for a new CRM for our sales team' },
]
const search = async (keyword: string) => {
  const x = fake(({ url }) => {
    const query = url.searchParams.get('query') ?? ''
    const langs = [...query.replace(/"[^"]*"/g, '').matchAll(/(?:^|[\s(])lang:(\S+?)(?=[\s)]|$)/g)].map((m) => m[1])
    const data = POSTS.filter((p) => langs.every((l) => p.lang === l)).map((p) => ({
      ...p,
      created_at: '2026-03-01T12:34:56.000Z',
      edit_history_tweet_ids: [p.id],
    }))
    return Response.json({ data, meta: { result_count: data.length } })
  })
  const config = loadConfig({
    env: { LEAD_SIGNALS_PLATFORMS_TWITTER_BASE_URL: x.origin, LEAD_SIGNALS_PLATFORMS_TWITTER_BEARER_TOKEN: 'AAAA-b' },
  }).platforms.twitter
  const found = await createTwitterConnector(
    config,
    createLogger(() => {}),
  ).search(keyword, 10)
  return found.map((m) => m.id.replace('twitter:', ''))
}

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
