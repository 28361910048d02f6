import * as v from 'valibot'
import { AppError } from '../../errors'
import { failedAnswer, PlatformUnreachableError, UpstreamStatusError } from '../upstream-errors'
import { NAMED_WAIT_MAX_SEC, type StreamSink } from '../stream'
import { readAtMost } from '../../lib/read-at-most'
import { TokenLacksScope } from './connector'
import { Status } from './status'
import { STATUS_ID } from './ids'

// Mastodon's streaming API as server-sent events (docs.joinmastodon.org/methods/streaming): `event: update` with a
// status as `data`, `status.update` with a status as edited (Mastodon 3.5 on), and comments (`:thump`) as heartbeats.
// A connection silent this long is taken as dead.
const SILENCE_MS = 60_000
const MAX_EVENT_CHARS = 1024 * 1024

class NotEvents extends AppError {
  constructor() {
    super('upstream_error', 'mastodon streaming API answered with something other than server-sent events')
  }
}

/**
 * An answer saying that no server-sent events are served there: not found, not allowed, upgrade required (GoToSocial,
 * Pleroma and Akkoma stream over WebSocket only), or a page that is not events. `stream_transport = "auto"` then reads
 * the WebSocket (docs/platforms.md#mastodon).
 */
export const notEventStream = (err: unknown) =>
  err instanceof NotEvents || (err instanceof UpstreamStatusError && [404, 405, 426].includes(err.status))

/** A status as the stream reads it: its id a status id (STATUS_ID); one with anything else is not a status. */
export const StreamedStatus = v.object({ ...Status.entries, id: v.pipe(v.string(), v.regex(STATUS_ID)) })

/**
 * Reads server-sent events until the connection ends, falls silent or `signal` aborts; `update` statuses go to `hand`,
 * as do `status.update` ones with `edited`, and the status id of a `delete` to `sink.deleted`.
 * `silenceMs`: the silence allowance (tests, which cannot wait a minute).
 * `opened` runs once the connection answers with events, before any is read (they wait in the connection meanwhile).
 */
export async function readEvents(
  url: URL,
  headers: Record<string, string>,
  sink: StreamSink,
  signal: AbortSignal,
  hand: (s: v.InferOutput<typeof StreamedStatus>, edited: boolean) => void,
  opened: () => Promise<void>,
  silenceMs = SILENCE_MS,
) {
  const quiet = new AbortController()
  let timer = setTimeout(() => quiet.abort(), silenceMs)
  let answered = false
  try {
    const res = await fetch(url, {
      headers: { ...headers, accept: 'text/event-stream' },
      signal: AbortSignal.any([signal, quiet.signal]),
    })
    answered = true
    // What source health shows: the status, or that the address answered something other than events (a web page).
    // A rate limit carries its wait (Retry-After), which the retry waits out: one sooner is refused again.
    if (!res.ok || !res.body) {
      // A 401 says in its `error` whether the token is refused or lacks the stream's scope (TokenLacksScope).
      const said = res.status === 401 ? await readAtMost(res, 4096).catch(() => undefined) : undefined
      await res.body?.cancel().catch(() => {})
      if (said && /required scopes/i.test(new TextDecoder().decode(said))) throw new TokenLacksScope()
      throw failedAnswer(
        'mastodon streaming API',
        { status: res.status, headers: res.headers, text: '' },
        undefined,
        undefined,
        NAMED_WAIT_MAX_SEC,
      )
    }
    if (!/^text\/event-stream\b/i.test(res.headers.get('content-type') ?? '')) {
      await res.body.cancel()
      throw new NotEvents()
    }
    clearTimeout(timer)
    try {
      await opened()
    } catch (err) {
      await res.body.cancel().catch(() => {})
      throw err
    }
    timer = setTimeout(() => quiet.abort(), silenceMs)
    const decoder = new TextDecoder()
    // Read a line at a time, as the server-sent events format is: Mastodon's heartbeats are comment lines with no
    // blank line after them, so they end no event, yet each is upstream speaking (docs/streams.md#source-health).
    let line = ''
    let event = ''
    let data: string[] = []
    let held = 0
    // An update that is not a status is a gap (docs/streams.md#resuming), told once a connection.
    let toldUnreadable = false
    for await (const chunk of res.body) {
      clearTimeout(timer)
      timer = setTimeout(() => quiet.abort(), silenceMs)
      const lines = (line + decoder.decode(chunk, { stream: true })).split('\n')
      line = lines.pop() ?? ''
      if (lines.length > 0) sink.heard()
      for (const raw of lines) {
        const l = raw.endsWith('\r') ? raw.slice(0, -1) : raw
        if (l !== '') {
          if (l.startsWith(':')) continue
          const colon = l.indexOf(':')
          const field = colon < 0 ? l : l.slice(0, colon)
          const value = colon < 0 ? '' : l.slice(colon + 1).replace(/^ /, '')
          if (field === 'event') event = value
          else if (field === 'data') {
            data.push(value)
            // Each data line adds its line feed to the event (the format's rule): `data:` alone still grows it.
            held += value.length + 1
          }
          continue
        }
        // A blank line ends the event.
        const edited = event === 'status.update'
        const status =
          (event === 'update' || edited) && data.length > 0
            ? v.safeParse(StreamedStatus, safeJson(data.join('\n')))
            : null
        // `delete` carries the id of the status deleted (docs.joinmastodon.org/methods/streaming).
        const gone = event === 'delete' ? data.join('\n').trim() : ''
        if (STATUS_ID.test(gone)) sink.deleted?.(gone)
        event = ''
        data = []
        held = 0
        if (status?.success && !(status.output as { reblog?: unknown }).reblog) hand(status.output, edited)
        else if (status && !status.success && !toldUnreadable) {
          toldUnreadable = true
          sink.gap('mastodon streaming API sent an update that is not a status; passed over')
        }
        if (sink.full()) {
          // While it waits for room in our own queue the reader reads nothing, so what the server sent meanwhile
          // waits in the connection: that time is not the server's silence (docs/streams.md#backpressure).
          clearTimeout(timer)
          await sink.room()
          timer = setTimeout(() => quiet.abort(), silenceMs)
        }
      }
      // What is held is one event not yet ended: a status is a few kB, and one that never ends is not held whole.
      if (line.length + held > MAX_EVENT_CHARS)
        throw new AppError('upstream_error', 'mastodon streaming API sent an event of more than 1 MiB')
    }
  } catch (err) {
    if (signal.aborted) return
    // Silent once answering: a disconnection, retried at once. Silent from the start: a failed read, not one "closed".
    if (quiet.signal.aborted) {
      if (answered) return
      throw new AppError('upstream_timeout', `mastodon streaming API did not answer within ${silenceMs / 1000} s`)
    }
    if (err instanceof AppError) throw err
    // The network's own error (a name that does not resolve, a refused or reset connection) goes to the log with it;
    // source health shows only an AppError's words (docs/streams.md#source-health).
    throw new PlatformUnreachableError(
      answered ? 'mastodon streaming API broke off the connection' : 'mastodon streaming API could not be reached',
      err,
    )
  } finally {
    clearTimeout(timer)
  }
}

export const safeJson = (text: string) => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
