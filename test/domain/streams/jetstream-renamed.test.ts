import { afterEach, expect, test } from 'bun:test'
import { fakeAppView } from '../../support/fake-appview'
import { BUYING, eventually, streamWorld } from '../../support/stream-world'

// docs/streams.md#author-names: Jetstream sends every subscriber the identity events of the DIDs it asks for, whatever
// wantedCollections says; its README says one means a handle or DID document changed and an identity cache may be
// purged. The author names the stream keeps for an hour forget that DID, so the next post shows its new handle (the
// AppView fake answers getProfiles as documented; the Jetstream fake sends identity events as its README shows them).
const worlds: Awaited<ReturnType<typeof streamWorld>>[] = []
const fakes: ReturnType<typeof fakeAppView>[] = []
afterEach(async () => {
  while (worlds.length) await worlds.pop()?.close()
  while (fakes.length) fakes.pop()?.stop()
})

test('a renamed account shows its new handle from its next post, not an hour later', async () => {
  const appview = fakeAppView({ 'did:plc:author1': { handle: 'alice.bsky.social' } })
  fakes.push(appview)
  const w = await streamWorld({ streams: ['bluesky'], appview: appview.origin })
  worlds.push(w)
  w.start()
  await eventually('the reader to connect', () => w.jet.clients() === 1)
  w.jet.post(BUYING(1))
  await eventually('the first delivery', () => w.received.length === 1)
  appview.profiles['did:plc:author1'] = { handle: 'alice.example.com' }
  // The handle in the event is not taken as it is: the AppView, which checks handles, is asked again.
  w.jet.identity('did:plc:author1', 'alice.example.com')
  w.jet.post(BUYING(2))
  await eventually('the second delivery', () => w.received.length === 2)
  expect(JSON.parse(w.received[1]?.body ?? '{}').data.signal.author).toBe('alice.example.com')
  expect(appview.calls).toEqual([['did:plc:author1'], ['did:plc:author1']])
})
