import type { SearchPlatform } from '../config/platform-names'
import { AppError } from '../errors'
import { UpstreamStatusError } from './upstream-errors'
import type { Mention } from '../mention'

/**
 * Where a stream reader hands what it reads (docs/streams.md): the runner in domain/streams matches, scores and
 * stores it, and moves the stored position only past what is stored.
 */
export type StreamSink = {
  /**
   * A post read upstream, in upstream order, with the position that resumes just after it. `edited`: the post as
   * edited upstream, matched again even if it was just read (docs/streams.md#edited-statuses). `reread`: see heard.
   */
  item(mention: Mention, position: string, a?: { edited?: boolean; reread?: boolean }): void
  /**
   * Upstream answered (a page, an event, a keep-alive). `position`: read past posts that were not for us (a
   * deleted item, another collection); `caughtUp`: nothing newer is waiting upstream; `reread`: an event read before
   * (a replay), which does not end an outage (docs/streams.md#outages).
   */
  heard(a?: { position?: string; caughtUp?: boolean; reread?: boolean }): void
  /**
   * A post deleted upstream (its Mention id): its matches still waiting in the queue are dropped, neither scored nor
   * signalled (docs/streams.md#backpressure). For the readers whose upstream says so.
   */
  deleted?(id: string): void
  /** The stored position is older than upstream keeps: reading went on from what it still has. */
  gap(note: string): void
  /** Upstream could not be read; the reader tries again after a backoff (source health shows the failure). */
  failed(err: unknown): void
  /** The runner's queue is full: a reader that pulls waits for `room()`; one that is pushed to disconnects. */
  full(): boolean
  room(): Promise<void>
  /** This server's clock (deps.clock): the date of a post whose own cannot be a date (docs/streams.md#resuming). */
  now(): Date
}

export type StreamReader = {
  platform: SearchPlatform
  /**
   * Reads everything new from `from` (null: from now on) until `signal` aborts. Retries its own failures with
   * backoff; resolves only when stopped.
   */
  read(from: string | null, sink: StreamSink, signal: AbortSignal): Promise<void>
  /**
   * The matched posts with their authors' names where upstream named them by an id only (Bluesky's DIDs), in the same
   * order; a post whose name cannot be had in a few seconds comes back as it was.
   */
  named?(mentions: Mention[]): Promise<Mention[]>
}

// The readers' wait between tries; it lives in lib/ since the jobs wait the same way.
export { pause } from '../lib/pause'

/**
 * Exponential backoff with jitter, `firstMs` (1 s) doubling to `maxMs`: the wait before the `attempt`th retry (from 0).
 */
export const backoffMs = (attempt: number, maxMs = 60_000, firstMs = 1000) =>
  Math.min(maxMs, firstMs * 2 ** Math.min(attempt, 16)) * (0.5 + Math.random() / 2)

// The longest a wait upstream named keeps a stream from trying again: a 503's Retry-After, or a rate limit's where the
// platform documents a short window (Reddit's 10 minutes, Mastodon's 5; DEV and Hacker News document none). A value of
// days (a typo, a proxy gone wrong) would otherwise stop it that long; an hour apart, the tries of an outage that does
// last are few (docs/streams.md#outages).
export const NAMED_WAIT_MAX_SEC = 3600

/**
 * A refusal naming a wait the platform's documentation makes the truth, however long (Stack Exchange's
 * throttle_violation, which names when a spent daily quota renews): waited out whole, never bounded.
 */
export class DocumentedWait extends AppError {
  constructor(
    message: string,
    readonly waitSec: number,
  ) {
    super('upstream_error', message)
  }
}

/**
 * The wait upstream asked for after `err`, in seconds, as it said it: a rate limit's Retry-After or reset, a
 * documented wait, a 503's Retry-After, or what is left of a pause this server holds; undefined when it named none.
 */
export function askedWaitSec(err: unknown): number | undefined {
  if (err instanceof DocumentedWait) return err.waitSec
  if (err instanceof UpstreamStatusError && err.unavailableSec !== undefined) return Math.ceil(err.unavailableSec)
  return err instanceof AppError ? (err.extra.askedSec ?? err.extra.retryAfterSec) : undefined
}

/**
 * The wait a stream keeps after `err` (askedWaitSec): what an answer just said, at most NAMED_WAIT_MAX_SEC, since a
 * retry before a rate limit's end is refused again and counted against the app; a documented wait, or a pause this
 * server holds (bounded when it was held: common/rate-limit.ts), whole. A stream's reads give failedAnswer the same
 * bound (longestWaitSec), so that the error says the wait kept.
 */
export function namedWaitSec(err: unknown): number | undefined {
  const asked = askedWaitSec(err)
  if (asked === undefined || err instanceof DocumentedWait) return asked
  return err instanceof AppError && err.kind === 'upstream_error' ? Math.min(asked, NAMED_WAIT_MAX_SEC) : asked
}

/** The wait before the `attempt`th retry after `err`: the backoff, or longer when upstream named a wait of its own. */
export const retryWaitMs = (err: unknown, attempt: number, maxMs?: number, firstMs?: number) =>
  Math.max(backoffMs(attempt, maxMs, firstMs), (namedWaitSec(err) ?? 0) * 1000)

/**
 * The stored position `from` as a reader reads it (`parse` answers undefined for what it cannot), or null to read from
 * now on. A position edited by an operator or restored from an older version's backup starts the stream afresh,
 * reported as a gap, rather than stalling it for good (docs/streams.md#resuming).
 */
export function storedPosition<T>(
  platform: string,
  from: string | null,
  parse: (s: string) => T | undefined,
  sink: StreamSink,
): T | null {
  if (from === null) return null
  const at = parse(from)
  if (at !== undefined) return at
  sink.gap(`the stored ${platform} position could not be read; reading on from now`)
  return null
}

// How far ahead of this server's clock a post's date may be and still move a stream's position: a date years ahead (a
// broken answer, a mirror) kept as the position made every later post look older than it, and none was read again.
const AHEAD_MS = 60_000

/**
 * Whether a position at `ms` (Unix milliseconds) would stand ahead of this server's clock (docs/streams.md#resuming).
 */
export const aheadOfClock = (ms: number) => ms > Date.now() + AHEAD_MS

/** A position that is a count (an item id, a time in microseconds), or undefined. */
export const countPosition = (s: string) => {
  const n = /^\d+$/.test(s) ? Number(s) : Number.NaN
  return Number.isSafeInteger(n) ? n : undefined
}
