import type * as v from 'valibot'
import type { Config } from '../../config/schema'
import { AppError } from '../../errors'
import { remember } from '../../lib/bounded-map'
import { USER_AGENT, UpstreamStatusError } from '../http'
import { streamingAddress } from './streaming-address'
import { pause, retryWaitMs, storedPosition, type StreamReader } from '../stream'
import { statusMention, statusMentionId, TokenLacksScope, tokenRefused } from './connector'
import type { PlatformShared } from '../common/shared-pauses'
import { notEventStream, readEvents, type StreamedStatus } from './events'
import { socketWithToken } from './socket-token'
import { instanceSoftware } from './software'
import { after, ahead, STATUS_ID } from './ids'
import { PAGE, timelinePage } from './timeline-page'
import { GRACE_MS, QUIET_MS, type StallPace, stallGuarded, stallHeld } from './stall'

// Mastodon's streaming API (docs.joinmastodon.org/methods/streaming): GET /api/v1/streaming/public (…/public/local,
// …/hashtag?tag=) answers server-sent events (events.ts), and /api/v1/streaming a WebSocket (websocket.ts), which
// `stream_transport` chooses between (docs/platforms.md#mastodon). The stream has no cursor, so a (re)connection, once open, reads what it missed from the matching timeline
// (docs.joinmastodon.org/methods/timelines) with `min_id`, 40 a page (docs/streams.md#which-platforms-stream).
const CATCH_UP_PAGES = 10
// Status ids recently handed on, so that one given twice (by the catch-up and the stream) is read once.
const SEEN = 10_000
// A streaming connection that lasted this long was reading: its end is a disconnection, retried at once.
const STEADY_MS = 10_000
// Mastodon answers 401 to a token it does not accept (tokenRefused). Trying again within a minute changes nothing until
// the operator sets another token, so the stream asks again this rarely.
const REFUSED_SEC = 15 * 60

// Where a catch-up reads from when the timeline was empty at the start: its first status on.
const START = '0'
// `pace`: STEADY_MS, the first wait after a failure (1 s, doubling), the silence allowance and a stall's `quietMs` and
// `graceMs` (stall.ts), shortened by tests; `_` (the log) is unused.
type Pace = { steadyMs?: number; firstRetryMs?: number; silenceMs?: number } & StallPace & PlatformShared
type Table = Config['platforms']['mastodon']
export function createMastodonStream(config: Table, _?: unknown, pace: Pace = {}): StreamReader {
  const steadyMs = pace.steadyMs ?? STEADY_MS
  // The configuration requires base_url with the token the stream needs (docs/platforms.md#mastodon). Timelines are
  // read from the instance; the streaming API may live on a host of its own (streaming-address.ts).
  const base = config.base_url || ''
  const instance = new URL(base).host
  const token = config.access_token.trim()
  const headers = { authorization: `Bearer ${token}`, 'user-agent': USER_AGENT }
  const address = streamingAddress(config)
  // Over the WebSocket the token goes where the server reads it, which its NodeInfo tells (socket-token.ts).
  const readSocket = socketWithToken(token, instanceSoftware(config))
  const page = timelinePage(config, address, pace)
  return {
    platform: 'mastodon',
    async read(from, given, signal) {
      const { sink, streamed } = stallHeld(given) // a stall's outage ends with a status streamed (stall.ts)
      // Status ids are opaque strings (ids.ts): one that is not a status id is unreadable.
      // '0' (an earlier version's position for an empty timeline) would read the timeline from its oldest statuses, and
      // one numbered ahead of the clock nothing until the clock caught up: neither is a position to read on from.
      const readable = (s: string) => (STATUS_ID.test(s) && s !== START && !ahead(s) ? s : undefined)
      let last = storedPosition('mastodon', from, readable, sink)
      let failures = 0
      const seen = new Map<string, true>()
      let toldAhead = false
      // `listed`: from the timeline, whose order is the server's own, oldest first (catchUp).
      const read = (s: v.InferOutput<typeof StreamedStatus>, edited = false, listed = false) => {
        // An edit (`status.update`) is read again as the status now is, whether or not it was read before: the runner
        // matches it as a new one, and the store signals a status once per team (docs/streams.md#edited-statuses). The
        // position stays: an edit adds nothing to the timeline the catch-up reads.
        if (edited) return last === null || sink.item(statusMention(instance, s), last, { edited: true })
        // Mastodon numbers a status from another server by when it was published there, so one that took longer to
        // arrive has a lower id than statuses already read: the highest id is where a catch-up reads on from, not what
        // is new on the stream. A streamed id that cannot be told later than the position (another kind of id) leaves
        // it; a listed one is later by the server's own order. What both gave is passed over the second time.
        const later = listed || last === null || last === START || after(s.id, last) === true
        if (seen.has(s.id)) {
          if (later && !ahead(s.id)) last = s.id
          return
        }
        remember(seen, s.id, true, SEEN)
        if (ahead(s.id)) {
          // Told once: a server whose clock is wrong numbers each of its statuses so.
          if (!toldAhead)
            sink.gap(
              `mastodon status ${s.id} is numbered ahead of this server's clock; catch-ups do not read on from it`,
            )
          toldAhead = true
        } else if (later) last = s.id
        // Without a position yet (only a status numbered ahead gets here): its own id, which a restart does not read on
        // from (readable). '0' (the timeline from its start) is never stored.
        sink.item(statusMention(instance, s), last === null || last === START ? s.id : last)
      }
      // A status whose reading throws (a fault of ours) is passed over: taken for the connection breaking off, it was
      // read again by each reconnection's catch-up, and threw again, for as long as the timeline listed it.
      const hand = (s: v.InferOutput<typeof StreamedStatus>, edited = false, listed = false) => {
        if (!listed) {
          streamedAt = Date.now()
          streamed()
        }
        try {
          read(s, edited, listed)
        } catch (err) {
          sink.gap(
            `a mastodon status could not be read (${err instanceof Error ? err.message : String(err)}); passed over`,
          )
        }
      }
      // What the stream missed, read from the timeline once the streaming connection is open: a status posted
      // while it opened is then on the one or the other (read once, by `seen`), not on neither.
      // The newest status id on the timeline that is not numbered ahead (it would be listed first), whether or not its
      // status can be read; `empty`: the timeline listed nothing.
      const newest = async () => {
        const got = await page({ limit: String(PAGE) }, signal)
        return { id: got.ids.find((id) => !ahead(id)), empty: got.empty }
      }
      const catchUp = async () => {
        // A timeline that lists nothing: what it lists next is new, read from its start (START) while this reader runs.
        // One that lists only what gives no position: no catch-up this time, the stream read from now on.
        if (last === null) {
          const at = await newest()
          last = at.id ?? (at.empty ? START : null)
        }
        for (let n = 0; last !== null; n++) {
          if (sink.full()) await sink.room()
          // The statuses just after the position, listed newest first (docs.joinmastodon.org/api/guidelines,
          // pagination): read oldest first, the position moving in the server's order, whatever its ids look like.
          const got = await page({ min_id: last, limit: String(PAGE) }, signal)
          for (const s of got.statuses.reverse()) hand(s, false, true)
          if (!got.full) break
          if (n + 1 === CATCH_UP_PAGES) {
            sink.gap(
              `more than ${PAGE * CATCH_UP_PAGES} statuses since the stored position; reading on from the newest`,
            )
            last = (await newest()).id ?? last
            break
          }
        }
        // START is not a position to store: after a restart it would read the timeline from its oldest statuses.
        sink.heard({ caughtUp: true, position: last === null || last === START ? undefined : last })
        opened = Date.now()
      }
      let opened: number | undefined
      let streamedAt = 0
      // A wait for room in the queue, while what the server sends waits in the connection, is not its silence.
      const room = () => {
        streamedAt = Number.POSITIVE_INFINITY
        return sink.room().finally(() => {
          streamedAt = Date.now()
        })
      }
      // The statuses the timeline lists past the position that were not read (stall.ts).
      const unseen = async (s: AbortSignal) =>
        last === null ? [] : (await page({ min_id: last, limit: String(PAGE) }, s)).statuses.map((st) => st.id)
      const quiet = { quietMs: pace.quietMs ?? QUIET_MS, graceMs: pace.graceMs ?? GRACE_MS, unseen }
      let transport = config.stream_transport === 'websocket' ? 'websocket' : 'sse'
      while (!signal.aborted) {
        let error: unknown
        opened = undefined
        try {
          // A status deleted upstream is told by the id its update was read with (docs/streams.md#backpressure).
          const told = { ...sink, deleted: (id: string) => sink.deleted?.(statusMentionId(instance, id)), room }
          const host = await address.host(signal)
          const lastMs = () => (opened === undefined ? undefined : Math.max(opened, streamedAt))
          const watch = { ...quiet, lastMs, seen: (id: string) => seen.has(id) }
          const ended = await stallGuarded<unknown>(signal, watch, (connection) => {
            const reading = [told, connection, hand, catchUp, pace.silenceMs] as const
            return transport === 'sse'
              ? readEvents(address.events(host), headers, ...reading)
              : readSocket(address.socket(host), ...reading)
          })
          if (signal.aborted) return
          // Let go for room in the queue: the next connection's catch-up reads what came meanwhile.
          if (ended === 'full') {
            await sink.room()
            continue
          }
          // A connection that ends as it opens (a proxy's idle timeout, a server turning readers away) is an outage
          // whose wait grows, not a disconnection to retry at once, with a timeline read each time
          // (docs/streams.md#outages).
          if (opened === undefined || Date.now() - opened < steadyMs)
            throw new AppError('upstream_error', 'mastodon streaming API closed the connection as it opened')
        } catch (err) {
          if (signal.aborted) return
          // No server-sent events there (GoToSocial, Pleroma, Akkoma): auto reads the WebSocket from now on, at once.
          if (config.stream_transport === 'auto' && transport === 'sse' && notEventStream(err)) {
            transport = 'websocket'
            continue
          }
          // From the streaming connection or the timeline's catch-up: the same token.
          error =
            err instanceof TokenLacksScope
              ? new TokenLacksScope(REFUSED_SEC)
              : err instanceof UpstreamStatusError && err.status === 401
                ? tokenRefused(REFUSED_SEC)
                : err
          sink.failed(error)
        }
        // A connection that read a while ended an outage however it ended: one broken off by an error after hours of
        // reading is retried as soon as one that closed cleanly, not after the wait of the failures before it.
        if (opened !== undefined && Date.now() - opened >= steadyMs) failures = 0
        await pause(retryWaitMs(error, failures++, undefined, pace.firstRetryMs), signal)
      }
    },
  }
}
