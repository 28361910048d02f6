import { afterAll, describe, expect, test } from 'bun:test'
import { addKeywords, removeKeywords } from '../../../src/domain/keywords/keywords'
import { BUYING, eventually, holdFirstScoring, streamWorld } from '../../support/stream-world'

// docs/streams.md#backpressure: a stream reads who tracks what every 15 s, also while a slow model scores a batch. A
// keyword removed meanwhile is no longer the team's: what it matched and was not yet scored is not signalled. A
// keyword added meanwhile is: a post is matched as it is read, and the stream reads on while the batch is scored.
const REFRESH_MS = 2000
// The two tests run side by side, each in a world of its own, mostly waiting on timers
// (docs/performance.md#the-tests-time); the worlds close once both have ended, not under the other (an afterEach).
const worlds: Awaited<ReturnType<typeof streamWorld>>[] = []
afterAll(async () => {
  while (worlds.length) await worlds.pop()?.close()
})

/** A team tracking "crm" whose stream's first batch is held at the scorer, as a slow model holds it. */
async function firstBatchHeld() {
  const w = await streamWorld({ streams: ['bluesky'] })
  worlds.push(w)
  const { release, calls } = holdFirstScoring(w)
  // Who tracks what is read again every 2 s here (15 s as served, docs/streams.md).
  w.start({ refreshMs: REFRESH_MS })
  await eventually('the reader to connect', () => w.jet.clients() === 1)
  w.jet.post(BUYING(1))
  await eventually('the first batch at the scorer', () => calls() === 1)
  return { w, release }
}

describe('a keyword removed while its matches wait for a slow scorer', () => {
  // The batch the model was scoring when the keyword went is no signal either: what is stored is checked against the
  // keywords tracked then (domain/polling/tracked-now.ts), as a polling pass's is.
  test.concurrent('the matches still waiting, and the batch at the scorer, become no signal and no delivery', async () => {
    const { w, release } = await firstBatchHeld()
    w.jet.post(BUYING(2))
    await Bun.sleep(500)
    await removeKeywords(w.deps, { teamId: w.team.id, keywords: ['crm'] })
    // Past the stream's refresh of who tracks what.
    await Bun.sleep(REFRESH_MS + 1000)
    release()
    await Bun.sleep(3000)
    expect((await w.signals()).length).toBe(0)
    expect(w.received.length).toBe(0)
  }, 40_000)
})

describe('a keyword added while a slow scorer holds a batch', () => {
  test.concurrent('a post read past the refresh is matched by it, though the batch before it is still scoring', async () => {
    const { w, release } = await firstBatchHeld()
    await addKeywords(w.deps, { teamId: w.team.id, keywords: ['invoicing'] })
    // Past the stream's refresh of who tracks what, the first batch still at the scorer.
    await Bun.sleep(REFRESH_MS + 1500)
    const { uri } = w.jet.post(
      'We are looking for an invoicing tool for our 5-person agency. Any recommendations? Budget approved.',
    )
    await Bun.sleep(500)
    release()
    await eventually('the invoicing post signalled', async () =>
      (await w.signals()).some((s) => s.postId === `bluesky:${uri}`),
    )
    expect((await w.signals()).length).toBe(2)
  }, 40_000)
})
