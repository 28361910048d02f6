// docs/operations.md#platforms-settings: a platform's `base_url` (and the `stream_url` of a stream that reads the same
// API) is where the platform's own paths are called, so only its scheme, host and port count. A path written after
// them (a mirror served under /hn/ by a proxy) was dropped without a word and the requests went to the proxy's root:
// it is refused when the configuration is read, naming the setting, as server.public_url's is.
import { expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { refusal } from './refusal'

const table = (name: string, key: string, value: string) => ({ env: {}, fileText: `[${name}]\n${key} = "${value}"\n` })

test('a base_url or stream_url with a path or query the requests would drop is refused, naming the setting only', () => {
  for (const [name, key] of [
    ['platforms.hackernews', 'base_url'],
    ['platforms.stackoverflow', 'base_url'],
    ['platforms.stackoverflow', 'stream_url'],
    ['platforms.devto', 'stream_url'],
    ['platforms.github', 'base_url'],
    ['platforms.linkedin', 'base_url'],
    ['platforms.mastodon', 'base_url'],
    ['platforms.reddit', 'base_url'],
  ]) {
    for (const address of ['http://127.0.0.1:18101/hn-mirror', 'http://127.0.0.1:18101/?token=t0ken']) {
      const message = refusal(table(name, key, address))
      expect(message).toStartWith(`config: ${name}.${key}: `)
      expect(message).toContain('so a path or query after them would be dropped')
      // A query may carry a token: the setting is named, its value is not repeated.
      expect(message).not.toMatch(/hn-mirror|t0ken/)
    }
  }
})

test('the root with or without its slash is taken; the addresses whose path is read keep it', () => {
  const c = loadConfig({
    env: {},
    fileText: [
      '[platforms.hackernews]',
      'base_url = "http://127.0.0.1:18101/"',
      // The Firebase API root, /v0 included (docs/streams.md#settings).
      'stream_url = "http://127.0.0.1:18103/v0"',
      '[platforms.stackoverflow]',
      'base_url = "http://127.0.0.1:18102"',
      // A SearXNG instance may be served under a path (docs/platforms.md#internet-and-indiehacker).
      '[platforms.internet]',
      'base_url = "https://search.example.org/searx/"',
    ].join('\n'),
  })
  expect(c.platforms.hackernews.base_url).toBe('http://127.0.0.1:18101/')
  expect(c.platforms.hackernews.stream_url).toBe('http://127.0.0.1:18103/v0')
  expect(c.platforms.stackoverflow.stream_url).toBe('http://127.0.0.1:18102')
  expect(c.platforms.internet.base_url).toBe('https://search.example.org/searx/')
})
