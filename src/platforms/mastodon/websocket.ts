import * as v from 'valibot'
import { AppError } from '../../errors'
import { USER_AGENT } from '../http'
import type { StreamSink } from '../stream'
import { safeJson, StreamedStatus } from './events'
import { STATUS_ID } from './ids'
import { printable, refused } from './socket-refusal'

// Mastodon's streaming API over WebSocket (docs.joinmastodon.org/methods/streaming#websocket), the only way GoToSocial,
// Pleroma and Akkoma serve it: GET /api/v1/streaming?stream=…(&tag=…) upgraded, one JSON message an event,
// {"stream": [...], "event": "update", "payload": "<the status as a JSON string>"} (Pleroma's `delete` has no
// `stream`). Each server pings every 30 s (Pleroma's older versions send an empty message instead): a connection that
// says nothing for SILENCE_MS is taken as dead. After half of it this reader pings, and a pong counts as hearing the
// server.
const SILENCE_MS = 60_000
const MAX_MESSAGE_CHARS = 1024 * 1024
// What is pushed while the catch-up runs (it may wait for room in the queue to the scorer) is held, up to this many
// messages; past them the reader lets them and the connection go, and the next catch-up reads them from the timeline.
// One that read() passes over (over 1 MiB, not text) is held as PASSED_OVER, in its place: held whole, 1,000 of them
// pushed while the timeline answered slowly took the reader's memory to 1,000 times their size, bounded by nothing.
const MAX_HELD = 1000
const PASSED_OVER = Symbol('passed over')
const Message = v.object({ event: v.string(), payload: v.optional(v.unknown()) })
const Refused = v.object({ error: v.string() })

/**
 * Reads one WebSocket connection to `url` until it closes, falls silent or `signal` aborts, as readEvents reads
 * server-sent events: `update` statuses to `hand`, `status.update` ones with `edited`, a `delete`'s id to
 * `sink.deleted`. `opened` (the catch-up) runs once the connection is open; what arrives meanwhile waits, in order, up
 * to MAX_HELD messages. The token goes in `credentials` (socketCredentials), never in the address. Answers 'full' when
 * it let go for room in the sink's queue, or let go of more than it holds during the catch-up.
 */
export function readSocket(
  url: URL,
  credentials: Record<string, string>,
  sink: StreamSink,
  signal: AbortSignal,
  hand: (s: v.InferOutput<typeof StreamedStatus>, edited: boolean) => void,
  opened: () => Promise<void>,
  silenceMs = SILENCE_MS,
): Promise<'full' | undefined> {
  return new Promise((resolve, reject) => {
    let ws: WebSocket
    try {
      const headers = { ...credentials, 'user-agent': USER_AGENT }
      // No permessage-deflate, which the client offers unless told: a server that took it could send a message of
      // 128 MiB as 128 kB, inflated whole before the reader sees it, and held during the catch-up (MAX_HELD).
      ws = new WebSocket(url.href, { headers, perMessageDeflate: false } as never)
    } catch {
      // Its words may hold the token.
      return reject(new AppError('upstream_error', 'mastodon access_token cannot be sent as a WebSocket protocol'))
    }
    let open = false
    let done = false
    let catching = false
    // More was pushed during the catch-up than is held (MAX_HELD): let go once it is done.
    let overflowed = false
    let said = ''
    let heardAt = Date.now()
    let pinged = false
    const told = new Set<boolean>() // the gaps said once a connection (true: an update that is not a status)
    const waiting: (string | typeof PASSED_OVER)[] = []
    const finish = (outcome?: 'full' | Error) => {
      done = true
      clearInterval(watch)
      signal.removeEventListener('abort', stop)
      if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) ws.close()
      if (outcome instanceof Error) reject(outcome)
      else resolve(outcome)
    }
    const stop = () => finish()
    const heard = () => {
      heardAt = Date.now()
      pinged = false
    }
    const gapOnce = (unreadable: boolean) => {
      if (told.has(unreadable)) return
      told.add(unreadable)
      sink.gap(
        unreadable
          ? 'mastodon streaming API sent an update that is not a status; passed over'
          : 'mastodon streaming API sent a message that is not an event; passed over',
      )
    }
    const read = (data: string | typeof PASSED_OVER) => {
      if (data === PASSED_OVER) return gapOnce(false)
      if (data.trim() === '') return // Pleroma's keep-alive
      const json = safeJson(data)
      const error = v.safeParse(Refused, json)
      if (error.success && !v.is(Message, json))
        return finish(new AppError('upstream_error', `mastodon streaming API said: ${printable(error.output.error)}`))
      const m = v.safeParse(Message, json)
      if (!m.success) return gapOnce(false)
      const { event, payload } = m.output
      const gone = event === 'delete' && typeof payload === 'string' ? payload.trim() : ''
      if (STATUS_ID.test(gone)) sink.deleted?.(gone)
      if (event !== 'update' && event !== 'status.update') return
      const status = v.safeParse(StreamedStatus, typeof payload === 'string' ? safeJson(payload) : payload)
      if (!status.success) return gapOnce(true)
      if (!(status.output as { reblog?: unknown }).reblog) hand(status.output, event === 'status.update')
      // Pushed to, this reader cannot leave messages waiting in the connection: it lets go, and the catch-up of the
      // next connection reads what came meanwhile (docs/streams.md#backpressure).
      if (sink.full()) finish('full')
    }
    const drain = () => {
      while (waiting.length > 0 && !done) read(waiting.shift() as string | typeof PASSED_OVER)
    }
    const watch = setInterval(
      () => {
        if (catching) return heard()
        const quiet = Date.now() - heardAt
        if (quiet > silenceMs) return open ? finish() : finish(refused('', true, silenceMs))
        if (open && !pinged && quiet > silenceMs / 2) {
          pinged = true
          ws.ping?.()
        }
      },
      Math.min(1000, silenceMs / 4),
    )
    signal.addEventListener('abort', stop)
    ws.onopen = () => {
      open = true
      catching = true
      opened().then(
        () => {
          catching = false
          heard()
          if (overflowed) finish('full')
          else drain()
        },
        (err) => finish(err instanceof Error ? err : new Error(String(err))),
      )
    }
    ws.onmessage = (e) => {
      heard()
      sink.heard()
      if (catching && waiting.length >= MAX_HELD) {
        overflowed = true
        waiting.length = 0
      }
      const fits = typeof e.data === 'string' && e.data.length <= MAX_MESSAGE_CHARS
      if (!overflowed) waiting.push(fits ? e.data : PASSED_OVER)
      if (!catching) drain()
    }
    ws.addEventListener('ping', () => {
      heard()
      sink.heard()
    })
    ws.addEventListener('pong', heard)
    ws.onerror = (e) => {
      said = (e as ErrorEvent).message ?? ''
    }
    // Once open, an end (closed, broken off) is a disconnection, which stream.ts tells from one that ended as it
    // opened.
    ws.onclose = () => (open ? finish() : finish(refused(said, false, silenceMs)))
  })
}
