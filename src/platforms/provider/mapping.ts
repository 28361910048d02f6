import { sha256Hex } from '../../lib/hash'
import type { Mention } from '../../mention'
import { authorOr } from '../common/mapping'
import type { ProviderPlatform } from './connector'

export type FieldKey = 'id' | 'author' | 'content' | 'url' | 'profileUrl' | 'date' | 'likes' | 'comments' | 'shares'
export type FieldMap = Partial<Record<FieldKey, string>>

/**
 * Where a field is looked for when `fields` does not name a path: the first of these names that an item has.
 * Provider datasets are defined by each actor, so these are only the names most actors use; an operator whose
 * actor differs sets `fields` (a configured path is used alone, never mixed with these).
 */
export const DEFAULT_PATHS: Record<FieldKey, string[]> = {
  id: ['id', 'postId'],
  url: ['url', 'postUrl', 'link'],
  content: ['text', 'content', 'caption', 'description'],
  author: ['author', 'authorName', 'username', 'ownerUsername'],
  profileUrl: ['profileUrl', 'authorUrl', 'authorProfileUrl'],
  date: ['date', 'createdAt', 'timestamp', 'postedAt', 'publishedAt'],
  likes: ['likes', 'likesCount', 'likeCount'],
  comments: ['comments', 'commentsCount', 'commentCount'],
  // "shares": whatever the network calls passing a post on (reposts, shares, repins); 0 where the actor has none.
  shares: ['shares', 'sharesCount', 'shareCount', 'reposts', 'repostsCount'],
}

/**
 * A dotted path in an item: `author.name`, `stats.likes`, `images.0.url` (a number indexes an array). A key that
 * itself holds dots (Apify's `flatten` output, `{"author.name": …}`) is found too.
 */
export function readPath(item: unknown, path: string): unknown {
  if (isRecord(item) && Object.hasOwn(item, path)) return item[path]
  let at: unknown = item
  for (const part of path.split('.')) {
    if (Array.isArray(at) && /^\d+$/.test(part)) at = at[Number(part)]
    else if (isRecord(at) && Object.hasOwn(at, part)) at = at[part]
    else return undefined
  }
  return at
}

/** A count as a number: 12, "1,234", "1.2K", "3M", a list (its length); 0 when unreadable. */
export function parseCount(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0
  if (Array.isArray(value)) return value.length
  if (typeof value !== 'string') return 0
  const m = /^\s*(\d[\d.,\s]*)\s*([kmb])?\b/i.exec(value)
  if (!m) return 0
  let digits = m[1].replace(/\s/g, '')
  if (m[2])
    digits = digits.replace(',', '.') // "1.2K", "1,2K": a decimal mark before a suffix
  else if (/^\d{1,3}([.,]\d{3})+$/.test(digits)) digits = digits.replace(/[.,]/g, '') // "1,234" or "1.234"
  const n = Number.parseFloat(digits.replace(/,/g, ''))
  const scale = { k: 1e3, m: 1e6, b: 1e9 }[m[2]?.toLowerCase() as 'k' | 'm' | 'b'] ?? 1
  return Number.isFinite(n) ? Math.floor(n * scale) : 0
}

/**
 * A date as UTC ISO 8601: an ISO or RFC string, or a number (or numeric string) of seconds or milliseconds since
 * the epoch (below 1e11 it is seconds: 1e11 ms is 1973, 1e11 s is year 5138). Undefined when unreadable ("2d").
 */
export function parseDate(value: unknown): string | undefined {
  let ms: number
  if (typeof value === 'number' || (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value))) {
    const n = Number(value)
    ms = Math.abs(n) < 1e11 ? n * 1000 : n
  } else if (typeof value === 'string' && value.trim() !== '') ms = Date.parse(value)
  else return undefined
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : undefined
}

/** A field of an item: at its configured path alone, else at the first of `defaults` that holds a value. */
export const picker =
  (item: unknown, fields: FieldMap, defaults: Record<FieldKey, string[]>) =>
  (key: FieldKey): unknown => {
    for (const path of fields[key] ? [fields[key]] : defaults[key]) {
      const value = readPath(item, path)
      if (value !== undefined && value !== null && value !== '') return value
    }
    return undefined
  }

/** What an item maps to: a mention (`dated`: whether the date came from the item), or why it cannot be one. */
export type ItemMapping = { mention: Mention; dated: boolean } | { skip: string }

/** A mention, or why the item cannot be one. `dated` says whether the date came from the item. */
export function toMention(
  platform: ProviderPlatform | 'reddit',
  item: unknown,
  fields: FieldMap,
  searchedAt: string,
): ItemMapping {
  const pick = picker(item, fields, DEFAULT_PATHS)
  const rawId = pick('id')
  const nativeId =
    typeof rawId === 'string' || (typeof rawId === 'number' && Number.isFinite(rawId)) ? String(rawId) : ''
  const url = text(pick('url'))
  const content = pick('content')
  if (!nativeId && !url) return { skip: 'neither an id nor a url' }
  if (typeof content !== 'string' || content.trim() === '') return { skip: 'no text content' }
  const date = parseDate(pick('date'))
  return {
    dated: date !== undefined,
    mention: {
      // Without a native id the post URL identifies the post; hashed so the id stays short and URL-free.
      id: `${platform}:${nativeId || sha256Hex(url).slice(0, 32)}`,
      ...authorOr(authorName(pick('author'))),
      content, // whole, as the actor stored it
      url,
      profileUrl: text(pick('profileUrl')),
      // An actor that gives no readable date ("2d ago", nothing): the search time stands in for it.
      date: date ?? searchedAt,
      platform,
      engagement: {
        likes: parseCount(pick('likes')),
        comments: parseCount(pick('comments')),
        shares: parseCount(pick('shares')),
      },
    },
  }
}

// Actors give the author as a name, or as an object with a name or handle.
function authorName(value: unknown): string {
  if (isRecord(value)) return text(value.name) || text(value.fullName) || text(value.username) || text(value.handle)
  return text(value)
}

export const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
