import { expect, test } from 'bun:test'
import { refusal } from './refusal'

// docs/operations.md#configuration-file: an item of a list is named as a person counts (`item 2` is the second), and a
// value of our own kind is refused with what it must be, not with the kind's name alone.
test('a bad item of a list is named by its place from 1, with what it must be', () => {
  expect(refusal({ env: {}, fileText: '[server]\ntrusted_proxies = ["10.0.0.0/8", "1.2.3.4/99"]\n' })).toBe(
    'config: server.trusted_proxies (item 2): must be an IP address or a CIDR range, such as "10.0.0.0/8"',
  )
  expect(refusal({ env: {}, fileText: '[platforms.reddit]\nstream_subreddits = ["sales", "r/x"]\n' })).toBe(
    'config: platforms.reddit.stream_subreddits (item 2): must be a subreddit name',
  )
  expect(refusal({ env: {}, fileText: '[platforms.mastodon]\nstream_timeline = "home"\n' })).toBe(
    'config: platforms.mastodon.stream_timeline: must be public, public:local or hashtag:<tag>',
  )
  expect(refusal({ env: {}, fileText: '[platforms.reddit]\nusername = "a b"\n' })).toStartWith(
    'config: platforms.reddit.username: must be a Reddit username',
  )
  expect(refusal({ env: {}, fileText: '[platforms.reddit]\napp_id = "my app"\n' })).toBe(
    'config: platforms.reddit.app_id: must be letters, digits and . _ ~ - only',
  )
})
