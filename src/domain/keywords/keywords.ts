import type { Needs } from '../needs'
import { newId } from '../../lib/ids'
import { AppError } from '../../errors'
import { describeQueryError } from '../../query/ast'
import { parseQuery } from '../../query/parse'
import { echoed, visible } from '../../lib/text'
import { spaced } from '../../query/spaces'
import { keywordKey } from '../../query/same-query'

const MAX_KEYWORD = 200
// Tracked keywords compare in any case but their operators' (same-query.ts); keyword_lc is what the unique index and
// the earlier route match on.
const lc = keywordKey
// A keyword in either Unicode form ('café' with é as one character, NFC, or as e and a combining accent, NFD) shows and
// matches the same (docs/queries.md#words), so it is one keyword: tracked composed, and one stored decomposed before
// is found by its composed key.
const composed = (keyword: string) => keyword.normalize('NFC')
const trackedKey = (keyword: string) => lc(composed(keyword))
export const quoted = (words: string[]) => words.map((w) => JSON.stringify(w)).join(', ')

/**
 * A keyword over MAX_KEYWORD characters, as about the console's one field, `keyword`, which its Keywords page marks.
 * The body's check counts the keyword as sent; a few characters are two once composed (U+0958), so this check can
 * still refuse one: only then does the refusal name the composing, which a plain keyword has nothing to do with.
 */
function tooLong(i: number, length: number, byComposing: boolean): AppError {
  const size = `${length} characters${byComposing ? ' once composed (Unicode NFC)' : ''}`
  return new AppError('invalid_request', `keyword ${i + 1} is ${size}; keywords are 1 to ${MAX_KEYWORD} characters`, {
    details: [{ field: 'keyword', message: `is ${size}; at most ${MAX_KEYWORD}` }],
  })
}

/**
 * Spaced out (each run of spaces one space, none at either end: docs/queries.md#spaces), 1..200 characters, first
 * spelling kept when the same keyword is given twice in any case. Two spellings that differ in the case of an
 * operator ('crm or erp', 'crm OR erp') are two queries, and two keywords.
 */
export function cleanKeywords(raw: string[]): string[] {
  if (raw.length === 0) throw new AppError('invalid_request', 'give at least one keyword')
  const seen = new Map<string, string>()
  for (const [i, word] of raw.entries()) {
    const written = spaced(word)
    const keyword = composed(written)
    if (keyword === '')
      throw new AppError('invalid_request', `keyword ${i + 1} is empty; keywords are 1 to ${MAX_KEYWORD} characters`)
    if (keyword.length > MAX_KEYWORD) throw tooLong(i, keyword.length, keyword.length !== written.length)
    if (!seen.has(lc(keyword))) seen.set(lc(keyword), keyword)
  }
  return [...seen.values()]
}

/**
 * Keywords to track: as cleanKeywords, and each a query that parses (docs/queries.md), else 400 naming the keyword
 * as written and the position in it (leading and repeated spaces counted), and what was expected there. (Removing
 * takes any tracked spelling, even one stored before queries.)
 */
export function cleanQueries(raw: string[]): string[] {
  const keywords = cleanKeywords(raw)
  for (const written of raw) {
    const parsed = parseQuery(written)
    if (parsed.ok) continue
    const message = describeQueryError(parsed.error)
    // Each hiding character shown as one U+FFFD, as the CLI's failure lines show them, so the position counts in what
    // is shown too; JSON's quoting otherwise (a phrase's quotes).
    throw new AppError('invalid_request', `keyword ${JSON.stringify(visible(written))} ${message}`, {
      details: [{ field: 'keyword', message }],
    })
  }
  return keywords
}

export async function addKeywords(deps: Needs<'clock', 'keywords'>, a: { teamId: string; keywords: string[] }) {
  const createdAt = deps.clock.now().toISOString()
  // One stored decomposed before has another key than its composed spelling: it is tracked already all the same.
  const tracked = new Set((await deps.repos.keywords.list(a.teamId)).map(trackedKey))
  // One INSERT … ON CONFLICT DO NOTHING: all new keywords are added together, tracked ones are left alone.
  const added = await deps.repos.keywords.add(
    a.keywords
      .filter((keyword) => !tracked.has(trackedKey(keyword)))
      .map((keyword) => ({
        id: newId('kw'),
        teamId: a.teamId,
        keyword,
        keywordLc: lc(keyword),
        createdAt,
      })),
  )
  const addedLc = new Set(added.map(lc))
  return { added, alreadyTracked: a.keywords.filter((k) => !addedLc.has(lc(k))) }
}

/**
 * All or nothing: a keyword the team does not track is not_found (docs/api.md#error-codes, as a profile that is not
 * there), and then no keyword is removed.
 */
export async function removeKeywords(deps: Needs<never, 'keywords'>, a: { teamId: string; keywords: string[] }) {
  // A keyword stored with a run of spaces (docs/queries.md#spaces) is found as listed and as typed now, spaced out;
  // 'crm NOT hubspot' does not find a tracked 'crm not hubspot', another query.
  const tracked = new Map((await deps.repos.keywords.list(a.teamId)).map((k) => [trackedKey(k), k]))
  const spellings = a.keywords.map((k) => tracked.get(trackedKey(k)))
  const missing = a.keywords.filter((_, i) => spellings[i] === undefined)
  if (missing.length > 0)
    throw new AppError(
      'not_found',
      `not tracked by this team: ${quoted(missing.slice(0, 5).map((keyword) => echoed(keyword)))}${missing.length > 5 ? ' and more' : ''}; nothing was removed`,
    )
  return deps.repos.keywords.remove(
    a.teamId,
    spellings.map((k) => lc(k as string)),
  )
}

/**
 * Whether the team tracks the keyword in either Unicode form, as adding and removing find it (the earlier route's rule,
 * docs/api.md#earlier-routes): the index finds one tracked composed; one stored decomposed before has another
 * keyword_lc, so the team's list is read only then.
 */
export async function isTrackedKeyword(deps: Needs<never, 'keywords'>, a: { teamId: string; keyword: string }) {
  const key = trackedKey(a.keyword)
  if (await deps.repos.keywords.isTracked(a.teamId, key)) return true
  return (await deps.repos.keywords.list(a.teamId)).some((k) => trackedKey(k) === key)
}

/** The team's tracked keywords. */
export async function listKeywords(deps: Needs<never, 'keywords'>, a: { teamId: string }) {
  return deps.repos.keywords.list(a.teamId)
}
