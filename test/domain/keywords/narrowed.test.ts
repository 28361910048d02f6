import { describe, expect, test } from 'bun:test'
import { narrowedSearches } from '../../../src/domain/keywords/narrowed'
import { searchSent } from '../../../src/query/platform-queries'
import { testConfig } from '../../support/deps'

// docs/queries.md#per-platform: a platform without OR is searched for a query's first alternative only, so a post
// there saying only erp is never found for "crm OR erp". The team is told so where it adds the keyword, for the
// platforms a pass searches: its plan's, set up here and not streamed (a stream matches the whole query).
describe('narrowedSearches', () => {
  const config = testConfig({
    platforms: {
      mastodon: { base_url: 'http://127.0.0.1:9', access_token: 'token' },
      bluesky: { identifier: 'acme.bsky.social', app_password: 'app-password', mode: 'search' },
      stackoverflow: { mode: 'search' },
    },
  })

  test('names the platforms searched for the first alternative only, and what they are sent', () => {
    const [narrowed, ...more] = narrowedSearches({ config }, 'growth', ['crm OR erp'])
    expect(more).toEqual([])
    expect(narrowed.searched).toBe('crm')
    expect(narrowed.platforms.sort()).toEqual(['bluesky', 'mastodon', 'stackoverflow'])
    expect(narrowed.note).toContain('“crm OR erp” is searched as “crm” only on ')
    expect(narrowed.note).toContain('Track each alternative as a keyword of its own')
  })

  test('a query every platform can ask for whole, or one limited to a platform with OR, says nothing', () => {
    // An excluded prefix is not sent at all (the search then asks for more), so it narrows nothing.
    const keywords = ['crm -hubspot', '(crm OR erp) platform:github', 'crm -automat*']
    expect(narrowedSearches({ config }, 'growth', keywords)).toEqual([])
  })

  // docs/platforms.md#keyword-queries: no platform takes a prefix, so `automat*` is sent as its stem, and a post saying
  // only automation may not be found; the same note names where.
  test('names the platforms a prefix is sent to as its stem', () => {
    const [narrowed, ...more] = narrowedSearches({ config }, 'growth', ['automat*'])
    expect(more).toEqual([])
    expect(narrowed.searched).toBe('automat')
    expect(narrowed.platforms.sort()).toEqual(['bluesky', 'github', 'mastodon', 'stackoverflow'])
    expect(narrowed.note).toContain('“automat*” is searched as “automat” on ')
    expect(narrowed.note).toContain(
      ', whose search takes no prefix: a post there that has only a longer word starting with “automat” is not found. ' +
        'Track the whole words you mean as keywords of their own to find those.',
    )
  })

  test('a prefix in the only alternative sent says both; one with OR names every stem it is sent', () => {
    const [firstOnly, stemsOnly, ...more] = narrowedSearches({ config }, 'growth', ['automat* OR integrat* OR erp'])
    expect(more).toEqual([])
    expect(firstOnly.searched).toBe('automat')
    expect(firstOnly.platforms.sort()).toEqual(['bluesky', 'mastodon', 'stackoverflow'])
    expect(firstOnly.note).toContain('“automat* OR integrat* OR erp” is searched as “automat” only on ')
    expect(firstOnly.note).toContain(
      ', whose search cannot ask for every alternative of it nor take a prefix: a post there that matches only another ' +
        'alternative, or has only a longer word starting with “automat”, is not found. Track each alternative and each ' +
        'whole word you mean as a keyword of its own to find those.',
    )
    expect(stemsOnly).toEqual({
      keyword: 'automat* OR integrat* OR erp',
      searched: 'automat OR integrat OR erp',
      platforms: ['github'],
      note:
        '“automat* OR integrat* OR erp” is searched as “automat OR integrat OR erp” on GitHub, whose search takes no ' +
        'prefix: a post there that has only a longer word starting with “automat” or “integrat” is not found. Track ' +
        'the whole words you mean as keywords of their own to find those.',
    })
  })

  // A prefix that another word the query requires already starts with (`crm*` beside "crm tool") asks for nothing
  // more: every post the query matches holds that word. Sent as its stem it said "not found" of posts that are found,
  // and beside a longer word (automation automat*) it made the platform ask for the word automat too, which such a
  // post need not have: it is not sent, and the note is not given.
  test('a prefix another required word already starts with is not sent, and says nothing', () => {
    const implied = ['crm crm*', '"crm tool" crm*', 'automation automat*', 'automat* automation platform:github']
    expect(narrowedSearches({ config }, 'growth', implied)).toEqual([])
    expect(searchSent('mastodon', 'automation automat*')?.text).toBe('automation')
    expect(searchSent('github', 'crm* "crm tool" -hubspot')?.text).toBe('"crm tool" NOT hubspot')
    // The longest of two prefixes is the one sent, and told; one in the title, or another alternative, still is.
    const [longer, title, alternative, ...more] = narrowedSearches({ config }, 'growth', [
      'automat* automati* platform:github',
      'title:automat* automation platform:github',
      '(automat* OR erp) automation platform:github',
    ])
    expect(more).toEqual([])
    expect([longer.searched, title.searched, alternative.searched]).toEqual([
      'automati',
      'automat automation',
      '(automat OR erp) automation',
    ])
  })

  test('a streamed platform, or one not set up here, is not named', () => {
    const streamed = testConfig({ platforms: { mastodon: { base_url: 'http://127.0.0.1:9', access_token: 'token' } } })
    const [narrowed] = narrowedSearches({ config: streamed }, 'growth', ['crm OR erp'])
    // Bluesky and Stack Overflow are streamed by default; Mastodon is searched.
    expect(narrowed.platforms).toEqual(['mastodon'])
    expect(narrowedSearches({ config: testConfig() }, 'growth', ['crm OR erp'])).toEqual([])
  })
})
