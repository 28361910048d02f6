import { AppError } from '../../errors'
import { pause, type StreamSink } from '../stream'

// The streaming server keeps a connection alive with heartbeat comments (`:thump`) whether or not statuses reach it
// (docs.joinmastodon.org/methods/streaming, "About HTTP server-sent events"): a heartbeat says the connection is open,
// not that the timeline's statuses are sent on it. A quiet timeline (a hashtag nobody uses, a small instance at night)
// sends heartbeats alone too, so only the timeline itself tells the two apart (docs/streams.md#outages).
// How long a connection may send no status before the timeline is asked whether it has any: 12 requests an hour at
// most, of the 300 per 5 minutes an account may send (docs.joinmastodon.org/api/rate-limits).
export const QUIET_MS = 5 * 60_000
// How long a status the timeline lists may take to come on the stream as well before the stream is taken as stalled.
export const GRACE_MS = 30_000
/** The failed read of a connection that sent heartbeats alone while the timeline listed statuses (watchForStall). */
export class StreamStalled extends AppError {}

/**
 * `sink` as the reader tells it, while a stall lasts: from the failed read that found the streaming server stalled
 * until it streams a status again (`streamed`), what is heard (heartbeats, each reconnection's catch-up of what the
 * timeline lists) is marked `reread` and does not end the outage. The catch-up read what the stream did not send, and
 * took it for the stream's recovery: the log went stream_read_failed, stream_recovered about 11 times an hour and
 * /readyz never named the stream (docs/streams.md#outages).
 */
export function stallHeld(sink: StreamSink) {
  let held = false
  const told: StreamSink = {
    ...sink,
    item: (mention, position, a) => sink.item(mention, position, { ...a, reread: held || a?.reread }),
    heard: (a) => sink.heard({ ...a, reread: held || a?.reread }),
    failed(err) {
      if (err instanceof StreamStalled) held = true
      sink.failed(err)
    },
  }
  return {
    sink: told,
    streamed() {
      held = false
    },
  }
}

/** QUIET_MS and GRACE_MS, which tests shorten. */
export type StallPace = { quietMs?: number; graceMs?: number }

/**
 * Watches one streaming connection until `signal` aborts. Once it has sent no status for `quietMs` (`lastMs`: when it
 * last sent one, or caught up; undefined while it opens), asks `unseen` for the statuses the timeline lists past the
 * position that were not handed on; when some of them still were not `graceMs` later, the streaming server is not
 * sending the timeline: resolves with the failed read that says so, and the caller reconnects, its catch-up reading
 * them. A timeline that cannot be read says nothing of the stream (the catch-up tells its failures). Resolves
 * undefined when `signal` aborts.
 */
export async function watchForStall(a: {
  signal: AbortSignal
  quietMs: number
  graceMs: number
  lastMs: () => number | undefined
  unseen: (signal: AbortSignal) => Promise<string[]>
  seen: (id: string) => boolean
}): Promise<StreamStalled | undefined> {
  let askedMs = 0
  const tick = Math.max(50, Math.min(5000, a.quietMs / 4))
  while (!a.signal.aborted) {
    await pause(tick, a.signal)
    const last = a.lastMs()
    if (a.signal.aborted || last === undefined || Date.now() - Math.max(last, askedMs) < a.quietMs) continue
    askedMs = Date.now()
    const listed = await a.unseen(a.signal).catch(() => [])
    if (listed.length === 0) continue
    await pause(a.graceMs, a.signal)
    const missed = listed.filter((id) => !a.seen(id))
    if (!a.signal.aborted && missed.length > 0)
      return new StreamStalled(
        'upstream_error',
        `mastodon streaming API sent no status for ${Math.round(a.quietMs / 1000)} s while the timeline listed ${missed.length} new; reconnecting`,
      )
  }
  return undefined
}

/**
 * Runs one connection (`run`, given its signal: the reader's, aborted too when the watch finds it stalled) with
 * watchForStall beside it, which ends with it; throws the stall the connection was ended for, if it was.
 */
export async function stallGuarded<T>(
  signal: AbortSignal,
  a: Omit<Parameters<typeof watchForStall>[0], 'signal'>,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const ended = new AbortController()
  const connection = AbortSignal.any([signal, ended.signal])
  const watching = watchForStall({ ...a, signal: connection }).then((err) => {
    if (err) ended.abort()
    return err
  })
  let result: T
  try {
    result = await run(connection)
  } finally {
    ended.abort()
  }
  const stalled = await watching
  if (stalled && !signal.aborted) throw stalled
  return result
}
