import { fetchOutbound } from '../../outbound/fetch-outbound'
import { OutboundError } from '../../outbound/public-address'
import { retryAfterSeconds } from './schedule'
import { signatureHeader } from './signing'

// docs/webhooks.md#retries: an attempt that has no answer after this long failed.
export const ATTEMPT_TIMEOUT_MS = 15_000
// Receivers answer with a short acknowledgement; we keep at most this much of it.
const MAX_ANSWER_BYTES = 1024 * 1024

export type AttemptResult =
  | { ok: true; statusCode: number }
  | { ok: false; statusCode: number | null; error: string; gone: boolean; retryAfterSec?: number }

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
        maxBytes: MAX_ANSWER_BYTES,
      },
    )
    const s = answer.status
    if (s >= 200 && s < 300) return { ok: true, statusCode: s }
    return {
      ok: false,
      statusCode: s,
      gone: s === 410,
      error: s >= 300 && s < 400 ? `answered ${s}: a redirect, which is not followed` : `answered ${s}`,
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
