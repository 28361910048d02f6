import type { Needs } from '../needs'
import { AppError } from '../../errors'
import { previewShown } from '../../lib/text'
import { describeQueryError } from '../../query/ast'
import { parseQuery } from '../../query/parse'
import { postMatcher } from '../search/query-filter'

// docs/queries.md#preview: the last 7 days of the team's signals, at most this many of the newest.
const PREVIEW_DAYS = 7
const PREVIEW_SCAN = 2000
const PREVIEW_SHOWN = 20

/**
 * What a query would match among the team's recent posts. Only signals are kept (polling stores nothing else), so
 * the preview reads those: the posts some tracked keyword found and the scorer qualified. A signal keeps no title
 * or post type, so `title:` finds nothing there and every signal counts as a post.
 */
export async function previewQuery(deps: Needs<'clock', 'signals'>, a: { teamId: string; query: string }) {
  const parsed = parseQuery(a.query)
  if (!parsed.ok) {
    const message = describeQueryError(parsed.error)
    throw new AppError('invalid_request', `query ${message}`, { details: [{ field: 'query', message }] })
  }
  const since = new Date(deps.clock.now().getTime() - PREVIEW_DAYS * 86_400_000).toISOString()
  const recent = await deps.repos.signals.recent(a.teamId, since, PREVIEW_SCAN)
  const matches = await postMatcher(parsed.query)
  const matched = recent.filter((s) => matches({ ...s, profileUrl: s.profileUrl ?? undefined }))
  return {
    since,
    scanned: recent.length,
    matched: matched.length,
    // The text as the Signals page's card shows it: a post longer than its preview ends with a whole word and "…".
    posts: matched
      .slice(0, PREVIEW_SHOWN)
      .map(({ content, profileUrl, ...s }) => ({ ...s, preview: previewShown(s.preview, content) })),
  }
}
