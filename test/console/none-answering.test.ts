// Getting started's first step when every source failed its last try (docs/console.md#getting-started): it named
// each platform in a list and again under "Stopped answering"; now one sentence per platform, its name once.
import { describe, expect, test } from 'bun:test'
import { errorAfterName, noneAnsweringWords, type Source } from '../../src/console/source-reading'

const NOW = Date.parse('2026-12-05T03:00:00.000Z')
const failing = (platform: string, lastSuccessAt: string | null, failingSince: string) =>
  ({
    platform,
    lastFailureAt: '2026-12-05T02:45:00.000Z',
    lastSuccessAt,
    failingSince,
    lastError: `${platform} could not be reached.`,
  }) as unknown as Source

describe('every source failed its last try', () => {
  test('one sentence per platform, with since when only for one that stopped answering', () => {
    const text = noneAnsweringWords(
      [failing('hackernews', null, '2026-12-05T00:00:00.000Z'), failing('devto', null, '2026-12-05T02:45:00.000Z')],
      NOW,
    )
    expect(text).toBe(
      'None of the sources set up here answered its last try. ' +
        'Hacker News: last try 15 min ago, could not be reached; failing since 3 h ago and never answered. ' +
        'dev.to: last try 15 min ago, could not be reached.',
    )
  })

  test('up to five by name, as the step says its other lists', () => {
    const ids = ['hackernews', 'devto', 'github', 'stackoverflow', 'bluesky', 'reddit']
    const text = noneAnsweringWords(
      ids.map((p) => failing(p, '2026-12-05T02:00:00.000Z', '2026-12-05T02:45:00.000Z')),
      NOW,
    )
    expect(text.match(/: last try/g)?.length).toBe(4)
    expect(text).toEndWith('2 more failed too; the Sources page names each.')
    expect(text).not.toContain('Reddit')
  })
})

// The Sources-down warning read "Hacker News has failed since …; last tried …: Hacker News answered with status 503".
describe('a source error after the platform name', () => {
  test('the platform is not named again, whether the error begins with its id or its name', () => {
    expect(errorAfterName('hackernews', 'hackernews answered with status 503')).toBe('answered with status 503')
    expect(errorAfterName('reddit', 'Reddit answered 403 to the search')).toBe('answered 403 to the search')
    expect(errorAfterName('github', 'rate limited by the server')).toBe('rate limited by the server')
    // A word that only begins like the id is the error's own.
    expect(errorAfterName('news', 'newsletter feed failed')).toBe('newsletter feed failed')
  })
})
