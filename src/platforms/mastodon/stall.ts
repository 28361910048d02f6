import { AppError } from '../../errors'
import { pause } from '../stream'

// The streaming server keeps a connection alive with heartbeat comments (`:thump`) whether or not statuses reach it
// (docs.joinmastodon.org/methods/streaming, "About HTTP server-sent events"): a heartbeat says the connection is open,
// not that the timeline's statuses are sent on it. A quiet timeline (a hashtag nobody uses, a small instance at night)
// sends heartbeats alone too, so only the timeline itself tells the two apart (docs/streams.md#outages).
// How long a connection may send no status before the timeline is asked whether it has any: 12 requests an hour at
// most, of the 300 per 5 minutes an account may send (docs.joinmastodon.org/api/rate-limits).
export const QUIET_MS = 5 * 60_000
// How long a status the timeline lists may take to come on the stream as well before the stream is taken as stalled.
export const GRACE_MS = 30_000
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
}): Promise<AppError | undefined> {
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
      return new AppError(
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
