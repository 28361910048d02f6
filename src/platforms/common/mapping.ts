import * as v from 'valibot'
import { AppError } from '../../errors'
import type { Logger } from '../../lib/log'
import type { Mention } from '../../mention'

/**
 * The connector boundary (docs/operations.md#platforms): the envelope must match or the whole answer is 502
 * upstream_error; each item is checked on its own, and a malformed one is skipped and logged rather than failing the
 * search.
 */
export function readItems<TItem extends v.GenericSchema, TOut>(a: {
  platform: string
  log: Logger
  items: unknown[]
  item: TItem
  map: (item: v.InferOutput<TItem>) => TOut | undefined
}): TOut[] {
  const out: TOut[] = []
  for (const raw of a.items) {
    const parsed = v.safeParse(a.item, raw)
    if (!parsed.success) {
      a.log.warn('platform_item_skipped', { platform: a.platform, reason: v.summarize(parsed.issues).slice(0, 200) })
      continue
    }
    const mapped = a.map(parsed.output)
    if (mapped !== undefined) out.push(mapped)
  }
  return out
}

/** Parses a platform's envelope or throws 502 upstream_error naming the platform. */
export function readEnvelope<T extends v.GenericSchema>(
  platform: string,
  schema: T,
  body: unknown,
  what: string,
): v.InferOutput<T> {
  const parsed = v.safeParse(schema, body)
  if (!parsed.success) throw new AppError('upstream_error', `${platform} sent ${what}`)
  return parsed.output
}

/** A date string `isoDate` can read: an item with another is malformed, skipped and logged. */
export const ReadableDate = v.pipe(
  v.string(),
  v.check((s) => isoDate(s) !== undefined),
)

// The furthest from 1970 a Date holds, in milliseconds (ECMAScript's time values): beyond it toISOString throws.
const DATE_MAX_MS = 8.64e15

/** Seconds or milliseconds since the epoch, or a date string, as a UTC ISO 8601 string; undefined if unreadable. */
export function isoDate(value: string | number | undefined | null, unit: 's' | 'ms' = 's'): string | undefined {
  if (value === undefined || value === null || value === '') return undefined
  const ms = typeof value === 'number' ? (unit === 's' ? value * 1000 : value) : Date.parse(value)
  return Number.isFinite(ms) && Math.abs(ms) <= DATE_MAX_MS ? new Date(ms).toISOString() : undefined
}

/** An engagement count as a number: 0 where the platform has none. */
export const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0)

/**
 * A post's author: the name the platform gave, or `standIn` (shown in its place) marked as no one's
 * (mention.ts authorKnown), so that the posts of every author a platform leaves out are not one person.
 */
export const authorOr = (
  name: string | null | undefined,
  standIn = 'unknown',
): Pick<Mention, 'author' | 'authorKnown'> => (name ? { author: name } : { author: standIn, authorKnown: false })
