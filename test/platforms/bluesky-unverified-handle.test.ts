import { expect, test } from 'bun:test'
import { connector, pdsFakes, post } from './bluesky-fake'

// A handle that no longer verifies comes back as "handle.invalid" (atproto.com/specs/handle; docs/platforms.md#bluesky)
// while the display name is whatever its owner wrote: a search names such an author by DID, never by that.
const fakePds = pdsFakes()

test('an unverified handle: the author is the DID, not a display name that poses as another handle', async () => {
  const pds = fakePds({
    posts: () => [
      post(1, { author: { did: 'did:plc:bob', handle: 'bob.bsky.social', displayName: 'Bob' } }),
      post(2, { author: { did: 'did:plc:impostor', handle: 'handle.invalid', displayName: 'bob.bsky.social' } }),
    ],
  })
  const [bob, impostor] = await connector(pds.origin).search('crm', 10)
  expect([bob?.author, bob?.authorId]).toEqual(['bob.bsky.social', 'did:plc:bob'])
  expect([impostor?.author, impostor?.authorId]).toEqual(['did:plc:impostor', 'did:plc:impostor'])
  expect(impostor?.profileUrl).toBe('https://bsky.app/profile/did:plc:impostor')
})
