import { describe, expect, test } from 'bun:test'
import { narrowedSearches } from '../../../src/domain/keywords/narrowed'
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
    expect(narrowedSearches({ config }, 'growth', ['crm -hubspot', '(crm OR erp) platform:github'])).toEqual([])
  })

  test('a streamed platform, or one not set up here, is not named', () => {
    const streamed = testConfig({ platforms: { mastodon: { base_url: 'http://127.0.0.1:9', access_token: 'token' } } })
    const [narrowed] = narrowedSearches({ config: streamed }, 'growth', ['crm OR erp'])
    // Bluesky and Stack Overflow are streamed by default; Mastodon is searched.
    expect(narrowed.platforms).toEqual(['mastodon'])
    expect(narrowedSearches({ config: testConfig() }, 'growth', ['crm OR erp'])).toEqual([])
  })
})
