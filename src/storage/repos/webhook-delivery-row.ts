import type { Row } from '@libsql/client'

// A row of webhook_deliveries as the outbox (webhook-deliveries.ts) reads it, and what an attempt writes back.

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed'
export type Delivery = {
  id: string
  endpointId: string
  event: string
  signalId: string | null
  windowFrom: number | null
  windowTo: number | null
  payload: string | null
  status: DeliveryStatus
  attempts: number
  nextAttemptAt: number
  lastStatusCode: number | null
  lastError: string | null
  lastAttemptAt: string | null
  /** Since when every attempt has been answered 429 (epoch ms), or null. */
  rateLimitedSince: number | null
  createdAt: string
}
/** What one attempt came to: done (succeeded or given up) or due again at `nextAttemptAt`. */
export type AttemptOutcome = {
  status: DeliveryStatus
  nextAttemptAt: number
  statusCode: number | null
  error: string | null
  at: string
  /** Since when every attempt has been answered 429 (kept while they are), or null. */
  rateLimitedSince: number | null
  /** A 429 that is not counted among the attempts (docs/destinations.md#rate-limits). */
  uncounted: boolean
}

export const COLUMNS = `id, endpoint_id, event, signal_id, window_from, window_to, payload, status, attempts, next_attempt_at, last_status_code,
  last_error, last_attempt_at, rate_limited_since, created_at`

const num = (v: unknown) => (v === null ? null : Number(v))
const str = (v: unknown) => (v === null ? null : String(v))
export const toDelivery = (r: Row): Delivery => ({
  id: String(r.id),
  endpointId: String(r.endpoint_id),
  event: String(r.event),
  signalId: str(r.signal_id),
  windowFrom: num(r.window_from),
  windowTo: num(r.window_to),
  payload: str(r.payload),
  status: String(r.status) as DeliveryStatus,
  attempts: Number(r.attempts),
  nextAttemptAt: Number(r.next_attempt_at),
  lastStatusCode: num(r.last_status_code),
  lastError: str(r.last_error),
  lastAttemptAt: str(r.last_attempt_at),
  rateLimitedSince: num(r.rate_limited_since),
  createdAt: String(r.created_at),
})
