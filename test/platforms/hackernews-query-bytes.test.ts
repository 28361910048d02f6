import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createHackernewsConnector } from '../../src/platforms/hackernews/connector'
import { parseQuery } from '../../src/query/parse'
import { fakesPerTest } from '../support/fake-upstream'

// A fake Algolia HN Search: Algolia takes a query of up to 512 bytes and refuses a longer one with 400 (its query
// parameter's reference, docs/platforms.md#keyword-queries); any other query finds the one story it holds.
const fake = fakesPerTest()
const bytes = (s: string) => new TextEncoder().encode(s).length
const STORY = {
  objectID: '41000001',
  author: 'tanaka',
  title: '顧客管理システムの導入',
  story_text: '<p>中小企業向けのクラウド営業支援ツールを比較しています</p>',
  created_at: '2026-03-01T12:00:00.000Z',
  points: 3,
  num_comments: 1,
}
const search = async (keyword: string) => {
  const hn = fake(({ url }) => {
    const query = url.searchParams.get('query') ?? ''
    if (bytes(query) > 512)
      return Response.json(
        { message: 'Invalid value for "query" parameter, expected string shorter than 512 bytes', status: 400 },
        { status: 400 },
      )
    return Response.json({ hits: [STORY], nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 10 })
  })
  const config = loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_HACKERNEWS_BASE_URL: hn.origin } }).platforms.hackernews
  const found = await createHackernewsConnector(
    config,
    createLogger(() => {}),
  ).search(keyword, 10)
  return { found, query: hn.received[0].url.searchParams.get('query') ?? '' }
}

// Japanese takes three bytes a character: a query within our 200 characters can be past Algolia's 512 bytes. Long
// compound words (Japanese writes them without spaces) make it so in fewer than 20 terms.
const WORDS = ['顧客管理システム', '導入', '比較']
const long = (n: number) => '中小企業向け営業支援クラウド料金プラン比較検討資料'.repeat(2).slice(0, n)

describe('hackernews: a query past Algolia’s 512 bytes is sent shorter, never refused', () => {
  test('exclusions are left to matching first, then the last required words, until it fits', async () => {
    for (const keyword of [
      `${WORDS.join(' ')} ${Array.from({ length: 6 }, (_, i) => `-${long(30 - i)}`).join(' ')}`,
      `${WORDS.join(' ')} ${Array.from({ length: 6 }, (_, i) => long(31 - i)).join(' ')}`,
    ]) {
      expect(parseQuery(keyword).ok).toBe(true)
      expect(keyword.length).toBeLessThanOrEqual(200)
      expect(bytes(keyword)).toBeGreaterThan(512)
      const { found, query } = await search(keyword)
      expect(bytes(query)).toBeLessThanOrEqual(512)
      expect(query.startsWith(WORDS.join(' '))).toBe(true)
      expect(found.map((m) => m.id)).toEqual(['hackernews:41000001'])
    }
  })
})
