import { afterEach, describe, expect, test } from 'bun:test'
import { removeKeywords } from '../../../src/domain/keywords/keywords'
import { BUYING, eventually, holdFirstScoring, streamWorld } from '../../support/stream-world'

// docs/streams.md#backpressure: matched pairs wait in the stream's queue while a slow model scores the batch before
// them. A keyword removed meanwhile is no longer the team's: what it matched and was not yet scored is not signalled.
const REFRESH_MS = 2000
const worlds: Awaited<ReturnType<typeof streamWorld>>[] = []
afterEach(async () => {
  while (worlds.length) await worlds.pop()?.close()
})

describe('a keyword removed while its matches wait for a slow scorer', () => {
  test('the matches still waiting become no signal and no delivery', async () => {
    const w = await streamWorld({ streams: ['bluesky'] })
    worlds.push(w)
    const { release, calls } = holdFirstScoring(w)
    // Who tracks what is read again every 2 s here (15 s as served, docs/streams.md).
    w.start({ refreshMs: REFRESH_MS })
    await eventually('the reader to connect', () => w.jet.clients() === 1)
    w.jet.post(BUYING(1))
    await eventually('the first batch at the scorer', () => calls() === 1)
    w.jet.post(BUYING(2))
    await Bun.sleep(500)
    await removeKeywords(w.deps, { teamId: w.team.id, keywords: ['crm'] })
    // Past the stream's refresh of who tracks what.
    await Bun.sleep(REFRESH_MS + 1000)
    release()
    await eventually('the first signal', async () => (await w.signals()).length >= 1)
    await Bun.sleep(2000)
    expect((await w.signals()).length).toBe(1)
    expect(w.received.length).toBe(1)
  }, 40_000)
})
