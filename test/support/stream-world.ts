import type { Deps } from '../../src/deps'
import type { ConfigInput } from '../../src/config/schema'
import type { Logger } from '../../src/lib/log'
import type { DeepPartial } from './deps'
import type { StreamSink } from '../../src/platforms/stream'
import type { Mention } from '../../src/mention'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { type StreamLimits, superviseStreams } from '../../src/domain/streams/supervise'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { startDeliveryWorker } from '../../src/jobs/webhook-delivery'
import { seedTeam, testConfig, testDeps } from './deps'
import { fakeHackerNewsFirebase, fakeJetstream } from './fake-streams'
import { createJetstreamReader } from '../../src/platforms/bluesky/jetstream'
import { createHackernewsStream } from '../../src/platforms/hackernews/stream'
import { streamReaders, webUrlsOnly } from '../../src/platforms/streams'
import { fakeUpstream, type Received } from './fake-upstream'
import { endpointInput } from './webhooks'

/** Polls `check` every 20 ms until it holds, or fails naming `what` after `ms`. */
export async function eventually(what: string, check: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(20)
  }
}

/**
 * A team tracking `keywords` with a webhook receiver, fakes of Jetstream and Hacker News's Firebase API, and deps
 * pointed at them (no other stream runs, so nothing leaves 127.0.0.1); start() runs the streams and the delivery worker
 * as `serve` does, stop() ends them.
 */
export async function streamWorld(
  a: {
    keywords?: string[]
    keepUs?: number
    // The streams to run, of the two faked here (both unless named); the others a default config streams (Stack
    // Overflow, DEV) would read their public addresses.
    streams?: ('hackernews' | 'bluesky')[]
    // The Hacker News reader's poll and first retry wait (5 s and 1 s as served).
    hnPace?: { pollMs?: number; firstRetryMs?: number }
    // The Bluesky reader's pace (createJetstreamReader's; 10 s steady, 1 s first retry wait as served).
    jetPace?: Parameters<typeof createJetstreamReader>[3]
    scorer?: DeepPartial<ConfigInput>['scorer']
    log?: Logger
    // Where Bluesky authors' handles are asked (a fake AppView); none unless given, so nothing leaves 127.0.0.1.
    appview?: string
    // The Bluesky reader's waits for those names (profile-names.ts; 3 s, and a minute after a failure, as served).
    names?: Parameters<typeof createJetstreamReader>[4]
  } = {},
) {
  const jet = fakeJetstream({ keepUs: a.keepUs })
  const hn = fakeHackerNewsFirebase()
  const receiver = fakeUpstream(() => new Response('ok'))
  const { deps } = await testDeps({
    config: {
      webhooks: { allow_private_targets: true },
      ...(a.scorer && { scorer: a.scorer }),
      platforms: {
        hackernews: { stream_url: hn.url },
        bluesky: { stream_url: [jet.url] as never, appview_url: a.appview ?? '' },
      },
    },
    ...(a.log && { deps: { log: a.log } }),
  })
  const { team } = await seedTeam(deps, { plan: 'scale' })
  await addKeywords(deps, { teamId: team.id, keywords: a.keywords ?? ['crm'] })
  await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${receiver.origin}/hook`) })
  let running: { stop(): Promise<void> } | undefined
  const start = (limits?: StreamLimits) => {
    const shutdown = new AbortController()
    const run = new Set<string>(a.streams ?? ['hackernews', 'bluesky'])
    const readers = streamReaders(deps.config, deps.log)
      .filter((r) => run.has(r.platform))
      .map((r) =>
        r.platform === 'hackernews' && a.hnPace
          ? webUrlsOnly(createHackernewsStream(deps.config.platforms.hackernews, deps.log, a.hnPace), deps.log)
          : r.platform === 'bluesky' && (a.jetPace || a.names)
            ? webUrlsOnly(
                createJetstreamReader(deps.config.platforms.bluesky, deps.log, undefined, a.jetPace, a.names),
                deps.log,
              )
            : r,
      )
    const streams = superviseStreams(deps as Deps, shutdown.signal, undefined, readers, limits)
    const delivery = startDeliveryWorker(deps)
    running = {
      async stop() {
        shutdown.abort()
        await Promise.all([streams, delivery.stop()])
      },
    }
  }
  const signals = async () =>
    (await deps.database.client.execute('select platform, post_id from signals order by post_id')).rows.map((r) => ({
      platform: String(r.platform),
      postId: String(r.post_id),
    }))
  return {
    deps,
    team,
    jet,
    hn,
    received: receiver.received as Received[],
    start,
    stop: () => running?.stop(),
    signals,
    position: async (platform: string) => (await deps.repos.streamPositions.get(platform))?.position,
    async close() {
      await running?.stop()
      jet.stop()
      hn.stop()
      receiver.stop()
      deps.database.client.close()
    },
  }
}

/** A post the rules scorer qualifies for a team tracking "crm". */
export const BUYING = (n: number | string) =>
  `We are looking for a CRM for our 5-person sales team (${n}). Any recommendations? Budget approved.`

/**
 * A sink that keeps the mentions, positions, gaps and failures a reader hands it, and always has room; `now` is the
 * clock it gives the reader (the system's unless a test sets another).
 */
export function recordingSink(now: () => Date = () => new Date()) {
  const got = { mentions: [] as Mention[], positions: [] as string[], gaps: [] as string[], failures: [] as string[] }
  const sink: StreamSink = {
    item: (m, position) => {
      got.mentions.push(m)
      got.positions.push(position)
    },
    heard: (a) => {
      if (a?.position !== undefined) got.positions.push(a.position)
    },
    gap: (note) => got.gaps.push(note),
    failed: (err) => got.failures.push((err as Error).message),
    full: () => false,
    room: async () => {},
    now,
  }
  return { got, sink }
}

/**
 * Makes the first batch of posts `w`'s stream scores wait, as a slow model's does, until `release()`; the rest are
 * answered at once. `calls()`: the batches asked so far.
 */
export function holdFirstScoring(w: { deps: Awaited<ReturnType<typeof testDeps>>['deps'] }) {
  let release = () => {}
  const held = new Promise<void>((r) => {
    release = r
  })
  let calls = 0
  const { batch } = w.deps.scoring
  w.deps.scoring.batch = (opts) => {
    const scorer = batch(opts)
    return {
      ...scorer,
      scoreMany: async (items, signal) => {
        if (items.length > 0 && calls++ === 0) await held
        return scorer.scoreMany(items, signal)
      },
    }
  }
  return { release: () => release(), calls: () => calls }
}

/**
 * A fake Jetstream instance and a reader of it into a recording sink (recordingSink), which `adapt` may change first;
 * `read(from)` starts reading. `stops` is given what ends them, for the test file's afterEach.
 */
export function jetstreamReading(stops: (() => void)[], log: Logger, adapt?: (sink: StreamSink) => void) {
  const jet = fakeJetstream()
  stops.push(jet.stop)
  const config = testConfig({ platforms: { bluesky: { stream_url: [jet.url] as never } } })
  const { got, sink } = recordingSink()
  adapt?.(sink)
  const stop = new AbortController()
  stops.push(() => stop.abort())
  const read = (from: string | null) =>
    createJetstreamReader(config.platforms.bluesky, log).read(from, sink, stop.signal)
  return { jet, got, read }
}
