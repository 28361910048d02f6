import { plainQuery } from '../../query/platform-queries'
import { STATUS_ID } from './ids'

// The pages of GET /api/v2/search of type `statuses`, newest first (docs/platforms.md#mastodon). Mastodon skips the
// first `offset` results (with a user token), as Pleroma and Akkoma do (their search pages by nothing else).
// GoToSocial, whose status ids are ULIDs, answers any `offset` past 0 with nothing and pages a search of one `type`
// by `max_id` (the results older than that id) instead. A hashtag's timeline pages by `max_id` on every server.

/** A GoToSocial status id: a ULID, 26 characters of Crockford's base 32, which sort as strings in time order. */
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/

/** Where a page of a search starts: past `offset` results, or (GoToSocial) at the results older than `maxId`. */
export type SearchPage = { offset: number } | { maxId: string }

export const FIRST_PAGE: SearchPage = { offset: 0 }

/**
 * The request for page `at` of a search of `keyword`, `limit` a page: a hashtag's timeline (hashtagOf), or the search
 * of statuses without WebFinger resolution, a phrase in quotes unless the server takes text `literal`ly (GoToSocial).
 */
export function pageRequest(keyword: string, at: SearchPage, limit: number, literal: boolean) {
  const tag = hashtagOf(keyword)
  const search = { q: plainQuery(keyword, !literal), type: 'statuses', resolve: 'false' }
  const params = new URLSearchParams({ ...(tag ? {} : search), limit: String(limit) })
  if ('maxId' in at) params.set('max_id', at.maxId)
  else if (at.offset > 0) params.set('offset', String(at.offset))
  return { path: tag ? `/api/v1/timelines/tag/${encodeURIComponent(tag)}` : '/api/v2/search', params, tag }
}

/** Whether `keyword` is sent with quotes to a server that reads them as a phrase (pageRequest). */
export const quoted = (keyword: string) => !hashtagOf(keyword) && plainQuery(keyword) !== plainQuery(keyword, false)

/**
 * Whether a page's statuses are GoToSocial's: every readable id a ULID. GoToSocial also looks for a search's text
 * exactly as written (its user guide, "Search"), quotes included.
 */
export function fromGoToSocial(statuses: unknown[]) {
  const ids = idsOf(statuses)
  return ids.length > 0 && ids.every((id) => ULID.test(id))
}

/** The status ids of a page's statuses that are status ids (STATUS_ID). */
const idsOf = (statuses: unknown[]) =>
  statuses.flatMap((raw) => {
    const id = raw && typeof raw === 'object' ? (raw as { id?: unknown }).id : undefined
    return typeof id === 'string' && STATUS_ID.test(id) ? [id] : []
  })

/**
 * Where the page after `at` starts, given the statuses it listed of the `asked` it asked for. When their ids are ULIDs,
 * at those older than the oldest of them, unless the page was short (the last) or none of its ids is older than the one
 * it was asked to stay under (it has not moved on). Otherwise `asked` results further on, unless it listed none:
 * Mastodon takes `asked` results at `offset` from its index and then drops those the token's account may not see
 * (blocked, muted or suspended accounts, deleted statuses), as Pleroma's and Akkoma's search engines drop blocked and
 * deactivated ones, so a shorter page is not the last.
 */
export function nextPage(at: SearchPage, statuses: unknown[], asked: number): SearchPage | undefined {
  if (fromGoToSocial(statuses)) {
    const oldest = idsOf(statuses).sort()[0] ?? ''
    return statuses.length < asked || ('maxId' in at && oldest >= at.maxId) ? undefined : { maxId: oldest }
  }
  return 'offset' in at && statuses.length > 0 ? { offset: at.offset + asked } : undefined
}

/**
 * The hashtag a keyword is when it is one hashtag and nothing else (`#crm`: `crm`), else undefined. Its statuses are
 * read from its timeline, GET /api/v1/timelines/tag/:hashtag, newest first (docs/platforms.md#mastodon).
 */
export const hashtagOf = (keyword: string) => /^#([\p{L}\p{N}_]+)$/u.exec(keyword.trim())?.[1]

/** The page of a timeline after one that listed `statuses`, newest first: the statuses older than its last. */
export function afterLast(statuses: unknown[]): SearchPage | undefined {
  const last = idsOf(statuses).at(-1)
  return last === undefined ? undefined : { maxId: last }
}
