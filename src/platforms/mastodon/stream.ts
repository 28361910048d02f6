import type * as v from 'valibot'
import type { Logger } from '../../lib/log'
import type { Config } from '../../config/schema'
import { AppError } from '../../errors'
import { USER_AGENT } from '../http'
import { UpstreamStatusError } from '../upstream-errors'
import { streamingAddress } from './streaming-address'
import { pause, retryWaitMs, type StreamReader } from '../stream'
import { TokenLacksScope, tokenRefused } from './connector'
import { statusMentionId } from './status'
import type { PlatformShared } from '../common/shared-pauses'
import { notEventStream, readEvents, type StreamedStatus } from './events'
import { socketWithToken } from './socket-token'
import { instanceSoftware } from './software'
import { streamPosition } from './stream-position'
import { timelinePage } from './timeline-page'
import { GRACE_MS, QUIET_MS, type StallPace, stallGuarded, stallHeld } from './stall'

// Mastodon's streaming API (docs.joinmastodon.org/methods/streaming): GET /api/v1/streaming/public (…/public/local,
// …/hashtag?tag=) answers server-sent events (events.ts), and /api/v1/streaming a WebSocket (websocket.ts), which
// `stream_transport` chooses between (docs/platforms.md#mastodon). The stream has no cursor, so a (re)connection, once
// open, reads what it missed from the matching timeline (docs.joinmastodon.org/methods/timelines) with `min_id`, 40 a
// page (docs/streams.md#which-platforms-stream); the position it reads on from, and the catch-up itself, are kept by
// stream-position.ts. A streaming connection that lasted this long was reading: its end is a disconnection, retried at
// once.
const STEADY_MS = 10_000
// Mastodon answers 401 to a token it does not accept (tokenRefused). Trying again within a minute changes nothing until
// the operator sets another token, so the stream asks again this rarely.
const REFUSED_SEC = 15 * 60
// `pace`: STEADY_MS, the first wait after a failure (1 s, doubling), the silence allowance and a stall's `quietMs` and
// `graceMs` (stall.ts), shortened by tests.
type Pace = { steadyMs?: number; firstRetryMs?: number; silenceMs?: number } & StallPace & PlatformShared
type Table = Config['platforms']['mastodon']
export function createMastodonStream(config: Table, log?: Logger, pace: Pace = {}): StreamReader {
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
      const at = streamPosition({ instance, sink, from, page, signal })
      let failures = 0
      // A status streamed (not listed by a catch-up) ends a stall's outage and is the connection's latest word.
      const hand = (s: v.InferOutput<typeof StreamedStatus>, edited = false, listed = false) => {
        if (!listed) {
          streamedAt = Date.now()
          streamed()
        }
        at.hand(s, edited, listed)
      }
      const catchUp = async () => {
        await at.catchUp()
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
      const quiet = { quietMs: pace.quietMs ?? QUIET_MS, graceMs: pace.graceMs ?? GRACE_MS, unseen: at.unseen }
      let transport = config.stream_transport === 'websocket' ? 'websocket' : 'sse'
      while (!signal.aborted) {
        let error: unknown
        opened = undefined
        try {
          // A status deleted upstream is told by the id its update was read with (docs/streams.md#backpressure).
          const told = { ...sink, deleted: (id: string) => sink.deleted?.(statusMentionId(instance, id)), room }
          const host = await address.host(signal)
          const lastMs = () => (opened === undefined ? undefined : Math.max(opened, streamedAt))
          const watch = { ...quiet, lastMs, seen: at.seen }
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
          // One that was reading is retried within a second, and said: a connection closed every minute read as
          // healthy, with no line anywhere (docs/streams.md#outages).
          log?.warn('stream_disconnected', { platform: 'mastodon', endpoint: new URL(host).host })
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
