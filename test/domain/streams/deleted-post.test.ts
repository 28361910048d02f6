import { afterEach, describe, expect, test } from 'bun:test'
import { BUYING, eventually, holdFirstScoring, streamWorld } from '../../support/stream-world'

// docs/streams.md#backpressure: matched pairs wait in the stream's queue while a slow model scores the batch before
// them. Jetstream sends the deletion of a post as a commit whose operation is "delete" (README "Consuming Jetstream");
// a post its author deleted while its matches waited was still scored, signalled and delivered, pointing at nothing.
const worlds: Awaited<ReturnType<typeof streamWorld>>[] = []
afterEach(async () => {
  while (worlds.length) await worlds.pop()?.close()
})

describe('a post deleted upstream while its matches wait for a slow scorer', () => {
  test('its matches still waiting become no signal and no delivery', async () => {
    const w = await streamWorld({ streams: ['bluesky'] })
    worlds.push(w)
    const { release, calls } = holdFirstScoring(w)
    w.start()
    await eventually('the reader to connect', () => w.jet.clients() === 1)
    const kept = w.jet.post(BUYING(1))
    await eventually('the first batch at the scorer', () => calls() === 1)
    w.jet.post(BUYING(2), 'did:plc:author2', 'rkeygone')
    w.jet.deletePost('did:plc:author2', 'rkeygone')
    await Bun.sleep(500)
    release()
    await eventually('the first signal', async () => (await w.signals()).length >= 1)
    await Bun.sleep(2000)
    expect(await w.signals()).toEqual([{ platform: 'bluesky', postId: `bluesky:${kept.uri}` }])
    expect(w.received.length).toBe(1)
  }, 20_000)
})
