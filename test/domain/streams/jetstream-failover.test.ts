import { afterEach, describe, expect, test } from 'bun:test'
import type { Deps } from '../../../src/deps'
import { addKeywords } from '../../../src/domain/keywords/keywords'
import { superviseStreams } from '../../../src/domain/streams/supervise'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { startDeliveryWorker } from '../../../src/jobs/webhook-delivery'
import { seedTeam, testDeps } from '../../support/deps'
import { fakeJetstream } from '../../support/fake-streams'
import { fakeUpstream } from '../../support/fake-upstream'
import { BUYING, eventually } from '../../support/stream-world'
import { endpointInput } from '../../support/webhooks'

// Jetstream's cursors are each instance's own time_us: switching instances calls for rewinding a few seconds and
// handling the overlap idempotently (github.com/bluesky-social/jetstream, docs: "cursors are instance-local"). What the
// new instance replays is handed on again; the runner passes over a post it had (docs/streams.md#resuming), so a post
// read from both instances is signalled and delivered once, across a restart too.
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.()
})

async function twoInstances() {
  const a = fakeJetstream()
  const b = fakeJetstream()
  // The second instance times the relay's events 3 s later than the first: within the rewind, its replay repeats.
  b.skipUs(3_000_000)
  const receiver = fakeUpstream(() => new Response('ok'))
  cleanups.push(a.stop, b.stop, receiver.stop)
  const { deps } = await testDeps({
    config: {
      webhooks: { allow_private_targets: true },
      platforms: {
        bluesky: { stream_url: [a.url, b.url] as never },
        hackernews: { mode: 'search' },
        stackoverflow: { mode: 'search' },
        devto: { mode: 'search' },
      },
    },
  })
  const { team } = await seedTeam(deps, { plan: 'scale' })
  await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
  await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${receiver.origin}/hook`) })
  const start = () => {
    const shutdown = new AbortController()
    const running = superviseStreams(deps as Deps, shutdown.signal)
    const delivery = startDeliveryWorker(deps)
    const stop = async () => {
      shutdown.abort()
      await Promise.all([running, delivery.stop()])
    }
    cleanups.push(stop)
    return stop
  }
  const both = (text: string, rkey: string) => {
    a.post(text, 'did:plc:author1', rkey)
    b.post(text, 'did:plc:author1', rkey)
  }
  const signals = async () =>
    (await deps.database.client.execute('select post_id from signals order by post_id')).rows.map((r) =>
      String(r.post_id),
    )
  const id = (rkey: string) => `bluesky:at://did:plc:author1/app.bsky.feed.post/${rkey}`
  return { a, b, deps, receiver, start, both, signals, id }
}

/** A second post read from the new instance: it is the only signal and delivery besides the first post's. */
async function secondPostOnly(w: Awaited<ReturnType<typeof twoInstances>>) {
  w.both(BUYING(2), 'rkey2')
  await eventually('the second signal', async () => (await w.signals()).length === 2)
  await eventually('the deliveries', () => w.receiver.received.length >= 2)
  await Bun.sleep(1500)
  expect(await w.signals()).toEqual([w.id('rkey1'), w.id('rkey2')])
  expect(w.receiver.received.length).toBe(2)
}

describe('Bluesky stream: moving to another Jetstream instance', () => {
  test("what the new instance's rewind replays is signalled and delivered once", async () => {
    const w = await twoInstances()
    w.start()
    await eventually('the first instance', () => w.a.clients() === 1)
    w.both(BUYING(1), 'rkey1')
    await eventually('the first signal', async () => (await w.signals()).length === 1)
    w.a.setRefusal(503)
    w.a.dropAll()
    await eventually('the second instance', () => w.b.clients() === 1, 15_000)
    // Resumed a few seconds before the position, on the new instance too: the first post is replayed.
    expect(Number(w.b.connections[0]?.searchParams.get('cursor'))).toBeGreaterThan(0)
    await secondPostOnly(w)
  }, 30_000)

  test('after a restart on an instance the position does not name, the replay is signalled once', async () => {
    const w = await twoInstances()
    const stop = w.start()
    await eventually('the first instance', () => w.a.clients() === 1)
    w.both(BUYING(1), 'rkey1')
    await eventually('the first signal', async () => (await w.signals()).length === 1)
    await stop()
    // The operator drops the first address: the stored position is on a clock no instance configured keeps.
    ;(w.deps.config.platforms.bluesky as { stream_url: string[] }).stream_url = [w.b.url]
    w.start()
    await eventually('the second instance', () => w.b.clients() === 1)
    await secondPostOnly(w)
  }, 30_000)
})
