import { afterEach, expect, test } from 'bun:test'
import type { Mention } from '../../src/mention'
import { profileNames } from '../../src/platforms/bluesky/profile-names'
import { fakeAppView } from '../support/fake-appview'
import { recordingLogger } from '../support/log'

// The authors' names of streamed Bluesky posts, asked of a fake AppView that answers app.bsky.actor.getProfiles as
// its lexicon documents (test/support/fake-appview.ts, docs/streams.md#author-names).
const fakes: ReturnType<typeof fakeAppView>[] = []
afterEach(() => {
  while (fakes.length) fakes.pop()?.stop()
})
const appview = (profiles: Parameters<typeof fakeAppView>[0] = {}) => {
  const f = fakeAppView(profiles)
  fakes.push(f)
  return f
}
const post = (did: string, n = 0): Mention => ({
  id: `bluesky:at://${did}/app.bsky.feed.post/3k${n}`,
  author: did,
  authorId: did,
  content: 'we need a CRM',
  url: `https://bsky.app/profile/${did}/post/3k${n}`,
  profileUrl: `https://bsky.app/profile/${did}`,
  date: new Date().toISOString(),
  platform: 'bluesky',
  engagement: { likes: 0, comments: 0, shares: 0 },
})

test('60 posts of distinct authors are named in 3 calls of at most 25, and not asked again', async () => {
  const dids = Array.from({ length: 60 }, (_, i) => `did:plc:author${i}`)
  const f = appview(Object.fromEntries(dids.map((d, i) => [d, { handle: `user${i}.bsky.social` }])))
  const names = profileNames(f.origin, recordingLogger().log)
  const named = await names(dids.map((d) => post(d)))
  expect(f.calls.map((c) => c.length)).toEqual([25, 25, 10])
  expect(named.map((m) => m.author)).toEqual(dids.map((_, i) => `user${i}.bsky.social`))
  // The addresses keep the DID, which bsky.app takes whatever the handle becomes.
  expect(named[0]?.url).toBe('https://bsky.app/profile/did:plc:author0/post/3k0')
  await names(dids.map((d) => post(d, 1)))
  expect(f.calls.length).toBe(3)
})

test('hostile or unverified handles are never shown: the author stays the DID', async () => {
  const f = appview({
    'did:plc:rtl': { handle: 'alice\u202egnp.bsky.social', displayName: '\u202eevil' },
    'did:plc:ctl': { handle: 'bob\u0007.bsky.social\n', displayName: 'x\u0000y' },
    'did:plc:long': { handle: `${'a'.repeat(10_000)}.bsky.social`, displayName: 'b'.repeat(10_000) },
    'did:plc:invalid': { handle: 'handle.invalid', displayName: 'Carol' },
    'did:plc:ok': { handle: 'Dave.Example.COM', displayName: `\u202e${'d'.repeat(10_000)}` },
  })
  const dids = ['did:plc:rtl', 'did:plc:ctl', 'did:plc:long', 'did:plc:invalid', 'did:plc:ok', 'did:plc:unknown']
  const named = await profileNames(f.origin, recordingLogger().log)(dids.map((d) => post(d)))
  expect(named.map((m) => m.author)).toEqual([...dids.slice(0, 4), 'dave.example.com', 'did:plc:unknown'])
  expect(JSON.stringify(named)).not.toContain('\u202e')
  expect(JSON.stringify(named).length).toBeLessThan(5000)
})

test('an AppView down or slow: the DIDs at once, one log line, and no call again until the quiet time is over', async () => {
  const f = appview({ 'did:plc:a': { handle: 'a.bsky.social' } })
  f.down(503)
  const rec = recordingLogger()
  const names = profileNames(f.origin, rec.log, { quietMs: 300 })
  for (let i = 0; i < 5; i++) expect((await names([post(`did:plc:x${i}`)]))[0]?.author).toBe(`did:plc:x${i}`)
  expect(f.calls.length).toBe(1)
  expect(rec.of('bluesky_names_unavailable').length).toBe(1)
  expect(JSON.stringify(rec.lines)).not.toContain('/xrpc/')
  // Slow: past the wait the post goes on under its DID.
  f.up()
  f.slow(5000)
  await Bun.sleep(350)
  const slowNames = profileNames(f.origin, rec.log, { waitMs: 300 })
  const started = Date.now()
  expect((await slowNames([post('did:plc:a')]))[0]?.author).toBe('did:plc:a')
  expect(Date.now() - started).toBeLessThan(2000)
  // Back: the next lookup after the quiet time names the author, and says so once.
  f.slow(0)
  await Bun.sleep(350)
  expect((await names([post('did:plc:a')]))[0]?.author).toBe('a.bsky.social')
  expect(rec.of('bluesky_names_back').length).toBe(1)
})

test('no AppView configured: nothing is asked, the DID stays', async () => {
  const named = await profileNames('', recordingLogger().log)([post('did:plc:a')])
  expect(named[0]?.author).toBe('did:plc:a')
})
