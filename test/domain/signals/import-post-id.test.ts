// docs/operations.md#importing-signals: polling keys a post as its platform's name, then its id there (hackernews:42;
// a Mastodon status with the instance it was found on, mastodon:INSTANCE:ID). A file from another tool gives the id
// alone ("42"), which the import stored as it was: a post a poll found again was not known as the same, and became a
// second signal. The line's platform says which post it is, so the id alone is read with the platform's name before
// it; a Mastodon id alone, which names no instance, and an id of another platform are refused, saying so.
import { expect, test } from 'bun:test'
import { parseSignalLine } from '../../../src/domain/signals/import'
import { importLine } from '../../support/exports'

const parsed = (patch: Record<string, unknown>) =>
  parseSignalLine(importLine(1, patch), { teamId: 'team_1', now: new Date('2026-11-01T00:00:00Z') })
const keyOf = (patch: Record<string, unknown>) => {
  const r = parsed(patch)
  if (!r || !('row' in r)) throw new Error(`rejected: ${JSON.stringify(r)}`)
  return r.row.postId
}

test("an id alone is the post of the line's platform, keyed as polling keys it", () => {
  expect(keyOf({ platform: 'hackernews', postId: '42' })).toBe('hackernews:42')
  expect(keyOf({ platform: 'reddit', postId: '1abc2d' })).toBe('reddit:1abc2d')
  const uri = 'at://did:plc:abc/app.bsky.feed.post/3k'
  expect(keyOf({ platform: 'bluesky', postId: uri })).toBe(`bluesky:${uri}`)
  // A file without postId names the post in id (an export before postId was added, or one by hand).
  expect(keyOf({ platform: 'hackernews', postId: undefined, id: '42' })).toBe('hackernews:42')
})

test('an id as polling keys it, and a line naming no post (its url stands for it), are as they were', () => {
  expect(keyOf({ platform: 'hackernews', postId: 'hackernews:42' })).toBe('hackernews:42')
  expect(keyOf({ platform: 'mastodon', postId: 'mastodon:mastodon.social:1123' })).toBe('mastodon:mastodon.social:1123')
  const url = 'https://news.ycombinator.com/item?id=42'
  expect(keyOf({ platform: 'hackernews', postId: undefined, url })).toBe(url)
  // Such a post exported (its url as its postId) imports again under the same key.
  expect(keyOf({ platform: 'hackernews', postId: url, url })).toBe(url)
})

test("a Mastodon id alone, another platform's id and an id too long with the platform's name are refused", () => {
  expect(parsed({ platform: 'mastodon', postId: '1123' })).toEqual({
    message:
      "postId: a Mastodon id is its instance's own: give it as mastodon:INSTANCE:ID (the instance it was found on, as an export writes it), or leave postId out for the url to stand for the post",
  })
  expect(parsed({ platform: 'reddit', postId: 'hackernews:42' })).toEqual({
    message: 'postId: names a hackernews post (hackernews:…), but platform is reddit',
  })
  expect(parsed({ platform: 'hackernews', postId: undefined, id: 'reddit:1abc2d' })).toEqual({
    message: 'id: names a reddit post (reddit:…), but platform is hackernews',
  })
  expect(parsed({ platform: 'hackernews', postId: '4'.repeat(495) })).toEqual({
    message: 'postId: must be at most 500 characters with "hackernews:" before it (an id polling keys is no longer)',
  })
  expect(keyOf({ platform: 'hackernews', postId: '4'.repeat(489) })).toBe(`hackernews:${'4'.repeat(489)}`)
})
