import { truncate } from '../../lib/text'
import { fetchOutbound } from '../../outbound/fetch-outbound'
import { OutboundError } from '../../outbound/public-address'
import { retryAfterSeconds } from '../../lib/retry-after'
import { signatureHeader } from './signing'

// docs/webhooks.md#retries: an attempt that has no answer after this long failed.
export const ATTEMPT_TIMEOUT_MS = 15_000
// Receivers answer with a short acknowledgement; we keep at most this much of it.
const MAX_ANSWER_BYTES = 1024 * 1024
// What the delivery log keeps of a refusal's own words (Slack's `invalid_blocks`, Discord's `Unknown Webhook`).
const REASON_CHARS = 200
// A part of the receiver's URL this long may be its key (Slack's, Discord's token, a Workflows `sig`): a receiver
// that repeats the URL in its answer must not put it in the log, which every member of the team and the operator read.
const SECRET_PART_CHARS = 16

// docs/destinations.md#rate-limits: a 429 that names no wait pauses the destination this long, one that asks for
// less waits RATE_LIMIT_MIN_SEC (else the worker, woken by the attempt's end, would send again at once, in a loop);
// no receiver's wait is followed for longer than RATE_LIMIT_MAX_SEC (it is asked again then).
const RATE_LIMIT_DEFAULT_SEC = 5
const RATE_LIMIT_MIN_SEC = 1
export const RATE_LIMIT_MAX_SEC = 15 * 60

export type AttemptResult =
  | {
      ok: true
      statusCode: number
      /** The receiver says it takes no more requests for this long (seconds): its destination is paused. */
      pauseSec?: number
    }
  | {
      ok: false
      statusCode: number | null
      error: string
      /** The receiver is gone for good: the delivery is given up and the endpoint disabled. */
      gone: boolean
      /** This delivery is refused for good (an SMTP server's 5yz): given up, the endpoint kept. */
      final?: boolean
      retryAfterSec?: number
      /** A 429: the receiver asks to slow down, which is not a failure of the receiver. */
      rateLimited?: boolean
      pauseSec?: number
    }

/**
 * One signed POST of `body` to a receiver through src/outbound (address checked now, no redirects, bounded time and
 * size). 2xx is success; anything else is a failure, a redirect too (docs/webhooks.md#retries), and 410 says the
 * receiver is gone for good.
 */
export async function attemptDelivery(a: {
  url: string
  id: string
  body: string
  secrets: string[]
  now: Date
  allowPrivate: boolean
}): Promise<AttemptResult> {
  const timestamp = Math.floor(a.now.getTime() / 1000)
  try {
    const answer = await fetchOutbound(
      new URL(a.url),
      { allowPrivate: a.allowPrivate },
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'lead-signals-webhooks',
          'webhook-id': a.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatureHeader({ id: a.id, timestamp, body: a.body, secrets: a.secrets }),
        },
        body: a.body,
        timeoutMs: ATTEMPT_TIMEOUT_MS,
        // A 2xx is success whatever follows it: a long or slow body after it must not fail a delivery the receiver
        // has taken, which would then be sent again. A refusal longer than this is logged by its status alone.
        bodyless: succeeded,
        maxBytes: MAX_ANSWER_BYTES,
        oversized: 'empty',
      },
    )
    const s = answer.status
    const pauseSec = askedPauseSec(s, answer.headers, answer.body, a.now.getTime())
    if (succeeded(s)) return { ok: true, statusCode: s, ...(pauseSec !== undefined && { pauseSec }) }
    if (s === 429 && pauseSec !== undefined)
      return {
        ok: false,
        statusCode: s,
        gone: false,
        rateLimited: true,
        pauseSec,
        error: `answered 429: rate limited by the receiver, waiting ${Math.ceil(pauseSec)} s`,
      }
    return {
      ok: false,
      statusCode: s,
      gone: s === 410,
      error:
        s >= 300 && s < 400
          ? `answered ${s}: a redirect, which is not followed`
          : withReason(`answered ${s}`, answerReason(answer.body, new URL(a.url))),
      retryAfterSec: retryAfterSeconds(answer.headers.get('retry-after'), a.now.getTime()),
    }
  } catch (err) {
    // docs/webhooks.md#private-targets: this server refuses the address every time, so the endpoint is done with at
    // once, and the refusal names the setting that would allow it.
    if (err instanceof OutboundError && err.reason === 'private_address')
      return {
        ok: false,
        statusCode: null,
        gone: true,
        error: `${err.message}: this server does not deliver there unless webhooks.allow_private_targets = true`,
      }
    if (err instanceof OutboundError) return { ok: false, statusCode: null, gone: false, error: err.message }
    throw err
  }
}

const succeeded = (status: number) => status >= 200 && status < 300

/**
 * How long the receiver asks to be sent nothing, in seconds (docs/destinations.md#rate-limits), at most
 * RATE_LIMIT_MAX_SEC. A 429 asks for its Retry-After, else the `retry_after` of Discord's JSON body, else Discord's
 * X-RateLimit-Reset-After, else RATE_LIMIT_DEFAULT_SEC, and at least RATE_LIMIT_MIN_SEC. Any other answer asks only
 * when it says no request is left (X-RateLimit-Remaining: 0) and when its limit resets (X-RateLimit-Reset-After): a
 * burst paces itself.
 */
function askedPauseSec(status: number, headers: Headers, body: Uint8Array, nowMs: number): number | undefined {
  const resetAfter = plainSeconds(headers.get('x-ratelimit-reset-after'))
  const asked =
    status === 429
      ? Math.max(
          retryAfterSeconds(headers.get('retry-after'), nowMs) ??
            bodyRetryAfter(body) ??
            resetAfter ??
            RATE_LIMIT_DEFAULT_SEC,
          RATE_LIMIT_MIN_SEC,
        )
      : headers.get('x-ratelimit-remaining')?.trim() === '0'
        ? resetAfter
        : undefined
  return asked === undefined ? undefined : Math.min(asked, RATE_LIMIT_MAX_SEC)
}

/** A non-negative number of seconds, decimals allowed (Discord's headers); undefined for anything else. */
const plainSeconds = (value: string | null) => (value && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : undefined)

/** Discord's 429 body: `{"message", "retry_after": seconds, "global"}`. */
function bodyRetryAfter(body: Uint8Array): number | undefined {
  try {
    const wait = JSON.parse(new TextDecoder().decode(body))?.retry_after
    return typeof wait === 'number' && Number.isFinite(wait) && wait >= 0 ? wait : undefined
  } catch {
    return undefined
  }
}

const withReason = (said: string, reason: string | undefined) => (reason ? `${said}: ${reason}` : said)

/**
 * A refusal's reason as the receiver gave it (docs/webhooks.md#the-delivery-log): Slack answers a word in plain text,
 * Discord `{"message"}`, Power Automate `{"error": {"message"}}`. A page of HTML says nothing readable. One line, at
 * most REASON_CHARS, without control or format characters, and without any long part of the receiver's URL.
 */
export function answerReason(body: Uint8Array, url: URL): string | undefined {
  const text = new TextDecoder().decode(body).trim()
  if (text.startsWith('<')) return undefined
  const said = text.startsWith('{') ? jsonMessage(text) : text
  if (!said) return undefined
  let line = said.replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ').trim()
  for (const part of secretParts(url)) line = line.split(part).join('…')
  return line.length > REASON_CHARS ? `${truncate(line, REASON_CHARS)}…` : line || undefined
}

function jsonMessage(text: string): string | undefined {
  try {
    const j = JSON.parse(text)
    const pick = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined)
    return pick(j?.message) ?? pick(j?.error?.message) ?? pick(j?.error) ?? pick(j?.error_description)
  } catch {
    return text
  }
}

/** The URL's long path segments and query values, as written and as decoded (a receiver may repeat either). */
const secretParts = (url: URL) =>
  [...url.pathname.split('/'), ...url.search.slice(1).split(/[&=]/), ...url.searchParams.values()]
    .flatMap((part) => [part, decoded(part)])
    .filter((part) => part.length >= SECRET_PART_CHARS)
    .sort((a, b) => b.length - a.length)

const decoded = (part: string) => {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}
