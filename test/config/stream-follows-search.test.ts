import { expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'

// docs/streams.md#a-search-pointed-elsewhere: a site that moved a platform's searches to a mirror and said nothing of
// its stream is not streamed from the public host it moved away from.
const platforms = (fileText: string, env: Record<string, string> = {}) => loadConfig({ fileText, env }).platforms

test("Stack Overflow's and DEV's streams read the API their searches were pointed at", () => {
  const p = platforms(
    '[platforms.stackoverflow]\nbase_url = "https://se.mirror.internal"\n[platforms.devto]\nbase_url = "http://forem.lan:3000"\n',
  )
  expect([p.stackoverflow.mode, p.stackoverflow.stream_url]).toEqual(['stream', 'https://se.mirror.internal'])
  expect([p.devto.mode, p.devto.stream_url]).toEqual(['stream', 'http://forem.lan:3000'])
  // From the environment too, the way a container is configured.
  const e = platforms('', { LEAD_SIGNALS_PLATFORMS_STACKOVERFLOW_BASE_URL: 'https://se.mirror.internal' })
  expect(e.stackoverflow.stream_url).toBe('https://se.mirror.internal')
})

test('Hacker News searched at a mirror is searched, not streamed from the public Firebase API', () => {
  const p = platforms('[platforms.hackernews]\nbase_url = "https://hn-search.mirror.internal"\n')
  expect(p.hackernews.mode).toBe('search')
})

test('what the operator wrote stands: a mode, a stream_url, or the default address written out', () => {
  const asked = platforms('[platforms.hackernews]\nbase_url = "https://hn-search.mirror.internal"\nmode = "stream"\n')
  expect([asked.hackernews.mode, asked.hackernews.stream_url]).toEqual([
    'stream',
    'https://hacker-news.firebaseio.com/v0',
  ])
  const mirrored = platforms(
    '[platforms.hackernews]\nbase_url = "https://hn-search.mirror.internal"\nstream_url = "https://hn-fire.mirror.internal/v0"\n',
  )
  expect([mirrored.hackernews.mode, mirrored.hackernews.stream_url]).toEqual([
    'stream',
    'https://hn-fire.mirror.internal/v0',
  ])
  const own = platforms(
    '[platforms.stackoverflow]\nbase_url = "https://se.mirror.internal"\nstream_url = "https://x.internal"\n',
  )
  expect(own.stackoverflow.stream_url).toBe('https://x.internal')
  const searched = platforms('[platforms.devto]\nbase_url = "http://forem.lan"\nmode = "search"\n')
  expect(searched.devto.mode).toBe('search')
  const spelledOut = platforms('[platforms.hackernews]\nbase_url = "https://hn.algolia.com"\n')
  expect(spelledOut.hackernews.mode).toBe('stream')
  // Untouched tables keep the public defaults.
  const none = platforms('')
  expect([none.hackernews.mode, none.stackoverflow.stream_url, none.devto.stream_url]).toEqual([
    'stream',
    'https://api.stackexchange.com',
    'https://dev.to',
  ])
})
