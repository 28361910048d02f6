import * as v from 'valibot'
import type { Config } from '../../config/schema'
import { AppError } from '../../errors'
import { remember } from '../../lib/bounded-map'
import { fetchPlatformJson, USER_AGENT, UpstreamStatusError } from '../http'
import { pause, retryWaitMs, storedPosition, type StreamReader } from '../stream'
import { mastodonGet, statusMention, statusMentionId, TokenLacksScope, tokenRefused } from './connector'
import type { PlatformShared } from '../common/shared-pauses'
import { readEvents, StreamedStatus } from './events'
import { after, ahead, STATUS_ID } from './ids'

// Mastodon's streaming API (docs.joinmastodon.org/methods/streaming): GET /api/v1/streaming/public (…/public/local,
// …/hashtag?tag=) answers server-sent events, `event: update` with a status as `data`, and a `:thump` comment as a
// heartbeat. The stream has no cursor, so a (re)connection, once open, reads what it missed from the matching timeline
// (docs.joinmastodon.org/methods/timelines) with `min_id`, 40 a page (docs/streams.md#which-platforms-stream).
const PAGE = 40
const CATCH_UP_PAGES = 10
// Status ids recently handed on, so that one given twice (by the catch-up and the stream) is read once.
const SEEN = 10_000
// A streaming connection that lasted this long was reading: its end is a disconnection, retried at once.
const STEADY_MS = 10_000
// Mastodon answers 401 to a token it does not accept (tokenRefused). Trying again within a minute changes nothing until
// the operator sets another token, so the stream asks again this rarely.
const REFUSED_SEC = 15 * 60

const InstanceUrls = v.object({ configuration: v.object({ urls: v.object({ streaming: v.string() }) }) })

/** A streaming address as the instance publishes it (wss:), read over https: as server-sent events. */
const overHttp = (url: URL) => {
  if (url.protocol === 'wss:' || url.protocol === 'ws:') url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:'
  return url
}

// Where a catch-up reads from when the timeline was empty at the start: its first status on.
const START = '0'
// `pace`: STEADY_MS and the first wait after a failure (1 s, doubling), shortened by tests; `_` (the log) is unused.
type Pace = { steadyMs?: number; firstRetryMs?: number } & PlatformShared
type Table = Config['platforms']['mastodon']
export function createMastodonStream(config: Table, _?: unknown, pace: Pace = {}): StreamReader {
  const steadyMs = pace.steadyMs ?? STEADY_MS
  // The configuration requires base_url with the token the stream needs (docs/platforms.md#mastodon). Timelines are
  // read from the instance; the streaming API may live on a host of its own (streamingBase).
  const base = config.base_url || ''
  const instance = new URL(base).host
  const headers = { authorization: `Bearer ${config.access_token.trim()}`, 'user-agent': USER_AGENT }
  const [kind, tag] = config.stream_timeline.split(':') as [string, string | undefined]
  const timeline = () => {
    const url = new URL(
      kind === 'hashtag' ? `/api/v1/timelines/tag/${encodeURIComponent(tag ?? '')}` : '/api/v1/timelines/public',
      base,
    )
    if (config.stream_timeline === 'public:local') url.searchParams.set('local', 'true')
    return url
  }
  const streamUrl = (streaming: string) => {
    if (kind === 'hashtag') return new URL(`/api/v1/streaming/hashtag?tag=${encodeURIComponent(tag ?? '')}`, streaming)
    return new URL(
      config.stream_timeline === 'public:local' ? '/api/v1/streaming/public/local' : '/api/v1/streaming/public',
      streaming,
    )
  }
  /**
   * Where the streaming API answers (docs.joinmastodon.org/methods/streaming, hostname discovery): `stream_url` when
   * set, else the `configuration.urls.streaming` the instance publishes (GET /api/v2/instance; a wss: address, whose
   * server-sent events are read over https), else the instance itself. Asked on each connection: it can move.
   */
  const streamingBase = async (signal: AbortSignal): Promise<string> => {
    if (config.stream_url) return overHttp(new URL(config.stream_url)).href
    const published = await fetchPlatformJson({
      platform: 'mastodon',
      url: new URL('/api/v2/instance', base),
      headers: { 'user-agent': USER_AGENT },
      timeoutMs: config.timeout_ms,
      signal,
    }).catch(() => undefined)
    const said = v.safeParse(InstanceUrls, published)
    const url = said.success ? URL.parse(said.output.configuration.urls.streaming) : null
    if (!url || !/^wss?:$/.test(url.protocol)) return base
    return overHttp(url).origin
  }
  const get = mastodonGet(config, pace)
  const page = async (params: Record<string, string>, signal: AbortSignal) => {
    const url = timeline()
    for (const [k, val] of Object.entries(params)) url.searchParams.set(k, val)
    const body = await get(url, signal)
    const listed = Array.isArray(body) ? body : []
    const statuses = listed.flatMap((raw) => {
      const s = v.safeParse(StreamedStatus, raw)
      return s.success ? [s.output] : []
    })
    // `full`: as many as asked for were listed, read or not: one that could not be read does not end the catch-up.
    return { statuses, full: listed.length >= PAGE }
  }
  return {
    platform: 'mastodon',
    async read(from, sink, signal) {
      // Status ids are opaque strings (ids.ts): one that is not a status id is unreadable.
      let last = storedPosition('mastodon', from, (s) => (STATUS_ID.test(s) ? s : undefined), sink)
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
        // The catch-up sets a position before it hands a status on: '0' (the timeline from its start) is never stored.
        sink.item(statusMention(instance, s), last ?? '0')
      }
      // A status whose reading throws (a fault of ours) is passed over: taken for the connection breaking off, it was
      // read again by each reconnection's catch-up, and threw again, for as long as the timeline listed it.
      const hand = (s: v.InferOutput<typeof StreamedStatus>, edited = false, listed = false) => {
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
      // The newest status on the timeline that is not numbered ahead (it would be listed first).
      const newest = async () => (await page({ limit: String(PAGE) }, signal)).statuses.find((s) => !ahead(s.id))?.id
      const catchUp = async () => {
        if (last === null) last = (await newest()) ?? START
        for (let n = 0; ; n++) {
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
            last = (await newest()) ?? last
            break
          }
        }
        sink.heard({ caughtUp: true, position: last })
        opened = Date.now()
      }
      let opened: number | undefined
      while (!signal.aborted) {
        let error: unknown
        opened = undefined
        try {
          // A status deleted upstream is told by the id its update was read with (docs/streams.md#backpressure).
          const told = { ...sink, deleted: (id: string) => sink.deleted?.(statusMentionId(instance, id)) }
          await readEvents(streamUrl(await streamingBase(signal)), headers, told, signal, hand, catchUp)
          if (signal.aborted) return
          // A connection that ends as it opens (a proxy's idle timeout, a server turning readers away) is an outage
          // whose wait grows, not a disconnection to retry at once, with a timeline read each time
          // (docs/streams.md#outages).
          if (opened === undefined || Date.now() - opened < steadyMs)
            throw new AppError('upstream_error', 'mastodon streaming API closed the connection as it opened')
        } catch (err) {
          if (signal.aborted) return
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
