import { describe, expect, test } from 'bun:test'
import { platformMentions } from '../../src/platforms/common/web-urls'
import type { Mention } from '../../src/mention'
import { silentLogger } from '../support/log'

const mention = (a: Partial<Mention> = {}): Mention => ({
  id: 'hackernews:1',
  author: 'ann',
  content: 'Looking for a CRM',
  url: 'https://news.ycombinator.com/item?id=1',
  profileUrl: 'https://news.ycombinator.com/user?id=ann',
  date: '2026-12-03T10:00:00.000Z',
  platform: 'hackernews',
  engagement: { likes: 0, comments: 0, shares: 0 },
  ...a,
})

describe('what is kept of a platform mention (docs/security.md#platform-text)', () => {
  test('U+0000, which the database would keep but read back cut at it, becomes U+FFFD in every text', () => {
    const [kept] = platformMentions('hackernews', silentLogger, [
      mention({ author: 'nul\u0000hidden', content: `NUL here:\u0000${'end '.repeat(100)}`, title: 'a\u0000b' }),
    ])
    expect(kept?.author).toBe('nul\uFFFDhidden')
    expect(kept?.content).toBe(`NUL here:\uFFFD${'end '.repeat(100)}`)
    expect(kept?.title).toBe('a\uFFFDb')
  })

  // A post cut inside an emoji by its platform: the database (UTF-8) would store U+FFFD, while the search answer and
  // the Slack, Discord and Teams payloads made before storing sent "\ud83d", which a strict JSON reader refuses.
  test('half of a UTF-16 surrogate pair becomes U+FFFD too, as the database would store it; whole pairs stay', () => {
    const [kept] = platformMentions('hackernews', silentLogger, [
      mention({ author: 'ann \ud83d', content: 'Looking for a CRM \ud83d\ude00 \ude00 today', title: '\ud800 title' }),
    ])
    expect(kept?.author).toBe('ann \uFFFD')
    expect(kept?.content).toBe('Looking for a CRM \ud83d\ude00 \uFFFD today')
    expect(kept?.title).toBe('\uFFFD title')
    expect(JSON.stringify(kept)).not.toMatch(/\\ud[89a-f]/i)
  })

  test('addresses are kept as a URL parser writes them: quotes, brackets and spaces percent-encoded', () => {
    const [kept] = platformMentions('github', silentLogger, [
      mention({
        url: 'https://github.com/acme/repo/issues/2"><script>x</script>',
        profileUrl: 'https://github.com/a b',
      }),
    ])
    expect(kept?.url).toBe('https://github.com/acme/repo/issues/2%22%3E%3Cscript%3Ex%3C/script%3E')
    expect(kept?.profileUrl).toBe('https://github.com/a%20b')
  })

  test('a post whose address is not a web page is skipped; a profile that is not one is left out', () => {
    const kept = platformMentions('hackernews', silentLogger, [
      mention({ url: 'javascript:alert(1)' }),
      mention({ id: 'hackernews:2', profileUrl: 'data:text/html,x' }),
    ])
    expect(kept.map((m) => [m.id, m.profileUrl])).toEqual([['hackernews:2', '']])
  })
  // A profile address is stored with the person and sent in each person.updated event: a Mastodon status's
  // account.url, any length up to the stream's 1 MiB event, went there whole.
  test('a profile address over 2,000 characters is left out, as one that is not a web address is', () => {
    const kept = platformMentions('mastodon', silentLogger, [
      mention({ id: 'mastodon:1', profileUrl: `https://fedi.example/@${'a'.repeat(2000)}`, platform: 'mastodon' }),
      mention({ id: 'mastodon:2', profileUrl: `https://fedi.example/@${'a'.repeat(1978)}`, platform: 'mastodon' }),
    ])
    expect(kept.map((m) => m.profileUrl.length)).toEqual([0, 2000])
  })

  // docs/operations.md#importing-signals: a signal stored from a post that the import would refuse stopped a move of
  // the team's signals (an import with a refused line imports nothing).
  test('every mention kept imports again: an address over 2,000 characters is skipped, an id over 500 digested', () => {
    const longId = `news:https://example.com/${'g'.repeat(600)}`
    const kept = platformMentions('news', silentLogger, [
      mention({ id: 'news:1', url: `https://example.com/?q=${'x'.repeat(2000)}`, platform: 'news' }),
      mention({ id: longId, platform: 'news' }),
      mention({ id: 'news:3', url: `https://example.com/?q=${'x'.repeat(1977)}`, platform: 'news' }),
    ])
    expect(kept.map((m) => m.id.replace(/[0-9a-f]{32}$/, 'DIGEST'))).toEqual(['news:sha256:DIGEST', 'news:3'])
    expect(kept[1].url).toHaveLength(2000)
    // The same post gets the same id at every pass, so it is stored once.
    expect(platformMentions('news', silentLogger, [mention({ id: longId, platform: 'news' })])[0].id).toBe(kept[0].id)
    expect(kept[0].id.length).toBeLessThanOrEqual(500)
  })
})
