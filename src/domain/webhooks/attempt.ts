import { fetchOutbound } from '../../outbound/fetch-outbound'
import { OutboundError } from '../../outbound/public-address'
import { retryAfterSeconds } from '../../lib/retry-after'
import { answerReason } from './answer-reason'
import { globalLimit, pacingPauseSec, type RemainingRequests, rateLimitWaitSec, remainingRequests } from './rate-limit'
import { signatureHeader } from './signing'

// docs/webhooks.md#retries: an attempt that has no answer after this long failed.
export const ATTEMPT_TIMEOUT_MS = 15_000
// Receivers answer with a short acknowledgement; we keep at most this much of it.
const MAX_ANSWER_BYTES = 1024 * 1024

export type AttemptResult =
  | {
      ok: true
      statusCode: number
      /** The receiver says it takes no more requests for this long (seconds): its destination is paused. */
      pauseSec?: number
      /** The receiver says it takes this many more requests until its limit resets (Discord's headers). */
      remaining?: RemainingRequests
    }
  | {
      ok: false
      statusCode: number | null
      error: string
      /** The receiver is gone for good: the delivery is given up and the endpoint disabled. */
      gone: boolean
      /** The platform's own words said so (gone-answers.ts): `error` holds them and what to do. */
      goneSaid?: boolean
      /** This delivery is refused for good (an SMTP server's 5yz): given up, the endpoint kept. */
      final?: boolean
      retryAfterSec?: number
      /** A 429: the receiver asks to slow down, which is not a failure of the receiver. */
      rateLimited?: boolean
      pauseSec?: number
      /** The 429 says the limit is the sender's as a whole (Discord's global rate limit), not this receiver's. */
      senderLimited?: boolean
      remaining?: RemainingRequests
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
  /**
   * Why a refusal says the receiver is gone for good (a chat service's deleted webhook: gone-answers.ts), if it does.
   */
  goneWhen?: (status: number, body: Uint8Array) => string | undefined
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
    // Any answer counts against a receiver's limit and may say how much of it is left, a refusal's too.
    const said = remainingRequests(answer.headers)
    const remaining = said && { remaining: said }
    if (succeeded(s)) {
      const pauseSec = pacingPauseSec(answer.headers)
      return { ok: true, statusCode: s, ...(pauseSec !== undefined && { pauseSec }), ...remaining }
    }
    if (s === 429) {
      const pauseSec = rateLimitWaitSec(answer.headers, answer.body, a.now.getTime())
      const senderLimited = globalLimit(answer.headers, answer.body)
      const wait = `waiting ${Math.ceil(pauseSec)} s`
      return {
        ok: false,
        statusCode: s,
        gone: false,
        rateLimited: true,
        pauseSec,
        ...(senderLimited && { senderLimited }),
        ...remaining,
        error: senderLimited
          ? `answered 429: a limit on this server's requests as a whole, not on this receiver's; ${wait}`
          : `answered 429: rate limited by the receiver, ${wait}`,
      }
    }
    const goneBecause = a.goneWhen?.(s, answer.body)
    return {
      ok: false,
      statusCode: s,
      gone: s === 410 || goneBecause !== undefined,
      ...(goneBecause !== undefined && { goneSaid: true }),
      ...remaining,
      error:
        s >= 300 && s < 400
          ? `answered ${s}: a redirect, which is not followed`
          : withReason(`answered ${s}`, goneBecause ?? answerReason(answer.body, new URL(a.url))),
      retryAfterSec: retryAfterSeconds(answer.headers, a.now.getTime()),
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

const withReason = (said: string, reason: string | undefined) => (reason ? `${said}: ${reason}` : said)
