import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { instanceOf, parseCursor, rereadWatch } from './jetstream-cursor'
import { type Connection, steady, storedNotAhead } from './jetstream-clock'
import { connectOnce } from './jetstream-connection'
import { backoffMs, pause, storedPosition, type StreamReader } from '../stream'
import { profileNames } from './profile-names'
import { closeOf, connectionFailure, type Ending } from './jetstream-refusal'

// Jetstream (github.com/bluesky-social/jetstream, README "Consuming Jetstream"): a WebSocket at …/subscribe sending one
// JSON event per message, {did, time_us, kind: "commit" | "identity" | "account", commit: {operation, collection,
// rkey, record, cid}}. `wantedCollections` filters commits; `cursor` (Unix microseconds) replays from that time, and
// the README advises rewinding a few seconds when reconnecting, for a gapless replay that is deduplicated. Without
// `compress=true` messages are plain JSON (docs/streams.md#which-platforms-stream). Events are read in
// jetstream-event.ts, and each connection in jetstream-connection.ts.

// A connection that has said nothing for this long is taken as dead (Bluesky posts several times a second).
const SILENCE_MS = 30_000

/**
 * `silenceMs`: the silence allowance (tests, which cannot wait half a minute); `pace`: see jetstream-clock.ts;
 * `names`: the waits of the authors' names (profile-names.ts).
 */
export function createJetstreamReader(
  config: Config['platforms']['bluesky'],
  log: Logger,
  silenceMs = SILENCE_MS,
  pace: Connection['pace'] = {},
  names: Parameters<typeof profileNames>[2] = {},
): StreamReader {
  const named = profileNames(config.appview_url, log, names)
  return {
    platform: 'bluesky',
    named,
    async read(from, sink, signal) {
      let last = storedNotAhead(storedPosition('bluesky', from, parseCursor, sink), sink)
      // The instance whose clock `last` is on, where the reader starts: each times events by its own clock, so on
      // another one what the rewind replays is handed on again, and the runner passes over what it had. One stored
      // before positions named it is the first address's; one of an address no longer configured, no instance's
      // (docs/streams.md#resuming). `readUs`: when this server read `last` (taken as its time after a restart).
      const instances = config.stream_url.map(instanceOf)
      let timedBy: string | undefined = instances[0]
      if (last?.by) timedBy = instances.includes(last.by) ? last.by : undefined
      let readUs = last?.us ?? 0
      const reread = rereadWatch(last, timedBy)
      let failures = 0
      let n = timedBy ? instances.indexOf(timedBy) : 0
      // Where to read the same instance again from, once a move found its clock further behind than the rewind.
      let readBackUs: number | undefined
      while (!signal.aborted) {
        const back = readBackUs
        readBackUs = undefined
        const endpoint = config.stream_url[n % config.stream_url.length] as string
        const instance = instances[n % instances.length] as string
        const opened = Date.now()
        const ending: Ending = {}
        const outcome = await connectOnce(endpoint, last, instance === timedBy, sink, signal, {
          instance,
          ending,
          silenceMs,
          pace,
          readUs,
          reread,
          renamed: named.forget,
          readBackUs: back,
          readBack: (us) => {
            readBackUs = us
          },
          moved: (t) => {
            last = t
            timedBy = instance
            readUs = Date.now() * 1000
          },
        })
        if (signal.aborted) return
        // Let go for room, it resumes at the same instance, whose clock its cursor is on
        // (docs/streams.md#backpressure).
        if (outcome === 'full' || outcome === 'readBack') {
          if (outcome === 'full') await sink.room()
          continue
        }
        const host = new URL(endpoint).host
        // A connection that sent events and closed is a disconnection; one that never said a word did not reach the
        // instance, and one that said only what is not an event is not Jetstream: failures (which the sink logs).
        // One that closed soon having sent only what was read before (the rewind's replay) read nothing either: as
        // an instance whose replay fails at each reconnection does, a failed read rather than a disconnection a minute.
        if (outcome === 'heard' && (ending.fresh || steady(opened, pace))) {
          // Retried at once only when it had been reading a while: one that closes as it opens is waited out longer
          // each time, not reconnected every second (docs/streams.md#outages).
          if (steady(opened, pace)) failures = 0
          log.warn('stream_disconnected', { platform: 'bluesky', endpoint: host, ...closeOf(ending) })
        } else sink.failed(await connectionFailure(outcome, host, ending))
        await pause(backoffMs(failures++, undefined, pace.firstRetryMs), signal)
        // A connection lost moves to the next address (docs/streams.md#settings).
        n++
      }
    },
  }
}
