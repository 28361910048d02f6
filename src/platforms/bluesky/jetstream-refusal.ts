import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { AppError } from '../../errors'
import { PlatformUnreachableError, UpstreamStatusError } from '../upstream-errors'
import { MAX_MESSAGE_BYTES } from './jetstream-message'

/**
 * How a connection that sent no event ended: the WebSocket client's error, the close it was given, the silence it was
 * let go after, and whether it opened at all.
 */
export type Ending = {
  error?: string
  close?: { code: number; reason: string; clean: boolean }
  silentMs?: number
  opened?: boolean
  /** Taken as dead after events that were all sent before the last silence: its feed stalled (silenceWatch). */
  stale?: boolean
  /** It sent events, and whether one of them had not been read before (the rewind's replay had all been). */
  events?: boolean
  fresh?: boolean
}

/**
 * A connection's silence allowance (docs/streams.md#outages): told of each message (with its event's time_us), it calls
 * `silent` after `silenceMs` without one, `ending` saying so. An event timed less than `silenceMs` before it came was
 * sent live, as was one not read before; a connection whose events were all older came after a silence and sent only
 * the rewind's replay of what was read before it (an instance whose feed stalled, as every instance's does when their
 * relay stops): `stale`, a failed read, told in source health and waited out longer each time, rather than a
 * disconnection retried at once. With `ping` (a subscription where silence is normal) it asks once half the allowance
 * has passed quiet, and the answer, told as `heard()`, keeps the connection.
 */
export function silenceWatch(silenceMs: number, ending: Ending, silent: () => void, ping?: () => void) {
  let lastMs = Date.now()
  let events = false
  let live = false
  let pinged = false
  const timer = setInterval(
    () => {
      const quietMs = Date.now() - lastMs
      if (ping && !pinged && quietMs > silenceMs / 2) {
        pinged = true
        ping()
      }
      if (quietMs <= silenceMs) return
      ending.silentMs = silenceMs
      ending.stale = events && !live
      silent()
    },
    Math.min(1000, silenceMs / 4),
  )
  return {
    /**
     * `fresh`: the event was not read before (rereadWatch): new, however far behind its instance's clock times it, as
     * an instance whose clock runs minutes behind sends each of its events.
     */
    heard(timeUs?: number, fresh = false) {
      lastMs = Date.now()
      pinged = false
      if (timeUs === undefined) return
      events = true
      live ||= fresh || lastMs * 1000 - timeUs < silenceMs * 1000
    },
    stop: () => clearInterval(timer),
  }
}

// A close reason is the server's text (at most 123 bytes): shown in source health without its control characters.
const printable = (s: string) => [...s].filter((ch) => ch >= ' ' && ch !== '\u007f').join('')

/**
 * Why an instance that sent no event turned the subscription away, or took it and said nothing
 * (docs/streams.md#source-health): with an HTTP status before the upgrade (503 while it is not ready, 400 to options it
 * does not take; Bun's WebSocket client says "Expected 101 status code: 503"), or by closing it as it opened with a
 * code of its own (1001 while it drains for shutdown). Undefined for an instance that could not be reached, or a
 * connection that ended without a close.
 */
export function refusalOf(host: string, ending: Ending): AppError | undefined {
  // Taken and then silent (its feed stalled, a proxy that forwards nothing): reached, and not an outage of the network.
  if (ending.opened && ending.silentMs !== undefined)
    return new AppError(
      'upstream_error',
      `bluesky: Jetstream at ${host} took the connection and sent nothing${ending.stale ? ' new' : ''} for ${ending.silentMs / 1000} s`,
    )
  const status = /Expected 101 status code: (\d{3})\b/.exec(ending.error ?? '')?.[1]
  // What answers a WebSocket's request as a web page does (a home page, a redirect, nothing there) is no subscription.
  const notThere = status && (/^[23]/.test(status) || status === '404')
  if (status)
    return new UpstreamStatusError(
      Number(status),
      `bluesky: Jetstream at ${host} answered with status ${status}${notThere ? ', not a subscription: is stream_url its …/subscribe address?' : ''}`,
    )
  const close = ending.close
  // Events, all read before, and the end (a replay that fails ends the subscription, pkg/server/server.go): reached.
  const replayed = ending.events ? ', having sent only what was read before' : ''
  if (!close?.clean || close.code === 1006)
    return replayed ? new AppError('upstream_error', `bluesky: Jetstream at ${host} broke off${replayed}`) : undefined
  const said = [String(close.code), printable(close.reason)].filter(Boolean).join(' ')
  const how = replayed ? `closed the connection${replayed}` : 'closed the connection as it opened'
  return new AppError('upstream_error', `bluesky: Jetstream at ${host} ${how} (${said})`)
}

/**
 * The WebSocket client's own words for a connection that could not be made (`Invalid response` from a port that is
 * not a web server, `TLS handshake failed: …`, `Failed to connect`), for the log only (docs/streams.md#outages):
 * without the address it names, whose query carries the cursor. Undefined when it said nothing.
 */
export const clientWords = (ending: Ending) => {
  const said = ending.error?.replace(/^WebSocket connection to '[^']*' failed: /, '')
  return said ? new Error(printable(said).slice(0, 200)) : undefined
}

/**
 * What `stream_disconnected` tells of how a connection that was reading ended (docs/streams.md#outages): the close code
 * and reason the instance gave (1001 when it goes away, 1011 when it failed to serve the subscription), which tell a
 * restart upstream from a fault; for one taken as dead after its silence (a half-open connection), how long it was
 * silent; nothing for a connection broken off.
 */
export const closeOf = (ending: Ending) => {
  if (ending.silentMs !== undefined) return { silentSeconds: ending.silentMs / 1000 }
  const close = ending.close
  return close?.clean && close.code !== 1006 ? { code: close.code, reason: printable(close.reason) } : {}
}

// How long the look-up of a name that could not be connected to may take: a resolver that does not answer is no reason.
const LOOKUP_MS = 5_000

/**
 * Why an instance could not be reached, for the log: the WebSocket client says `Failed to connect` alike for a port
 * nothing listens on and for a name that does not resolve, so the name is looked up once after the failure. The
 * resolver's ENOTFOUND or EAI_AGAIN, with the name, as fetch reports it (lib/network-reason.ts), is told as the
 * HTTP streams tell it, with the setting to check (docs/streams.md#outages); else the client's words.
 */
async function unreachableBecause(host: string, ending: Ending): Promise<Error | undefined> {
  const said = clientWords(ending)
  const hostname = new URL(`ws://${host}`).hostname
  if (ending.opened || isIP(hostname.replace(/^\[|\]$/g, ''))) return said
  let timer: Timer | undefined
  const code = await Promise.race([
    lookup(hostname).then(
      () => undefined,
      (err: { code?: unknown }) => err?.code,
    ),
    new Promise<undefined>((done) => {
      timer = setTimeout(done, LOOKUP_MS)
    }),
  ]).finally(() => clearTimeout(timer))
  if (code !== 'ENOTFOUND' && code !== 'EAI_AGAIN') return said
  return Object.assign(new Error(`getaddrinfo ${code} ${hostname}`), { code, hostname })
}

/**
 * The failed read a connection that sent no event is (docs/streams.md#outages): one whose first message was not an
 * event (`garbage`), or too large to read (`oversize`), an instance that turned it away (refusalOf), or one that could
 * not be reached, with the WebSocket client's words or the name that does not resolve.
 */
export async function connectionFailure(outcome: string, host: string, ending: Ending): Promise<Error> {
  if (outcome === 'garbage')
    return new AppError('upstream_error', `bluesky: Jetstream at ${host} sent something that is not an event`)
  if (outcome === 'oversize')
    return new AppError(
      'upstream_error',
      `bluesky: Jetstream at ${host} sent a message of more than ${MAX_MESSAGE_BYTES / 1024 / 1024} MiB`,
    )
  return (
    refusalOf(host, ending) ??
    new PlatformUnreachableError(
      `bluesky could not be reached (Jetstream at ${host})`,
      await unreachableBecause(host, ending),
    )
  )
}
