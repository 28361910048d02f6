import { sql, type SQLWrapper } from 'drizzle-orm'
import { isOperatorRun, keywordKey, keywordRuns } from '../../../query/same-query'
import { signals } from '../../tables/signals'
import type { FilterShape } from './filter-shape'

/**
 * A `keyword` filter resolved by the repo (keywordMatch, resolvedKeyword): the one spelling that can hold its key
 * with its runs to check, as JSON; or `keywordSpellings`, all of them (none or several). Not part of a cache key:
 * they follow from the keyword and the signals version.
 */
export type ResolvedKeyword = { keywordSpelling?: string; keywordRuns?: string; keywordSpellings?: string }

/** A statement as the client takes it, and a runner of it on whichever connection reads. */
export type Statement = { sql: string; args: (string | number)[] }
export type RunStatement = (s: Statement) => Promise<ArrayLike<unknown>[]>

/**
 * The team's signal keywords, one of each set that compare equal without regard to the case of ASCII letters (the
 * order of signals_keyword_idx): one index seek each, past the one before, rather than a walk of every signal.
 */
const spellingsStatement = (teamId: string): Statement => ({
  sql: `with recursive k(kw) as (
      select (select keyword from signals where team_id = ?1 order by keyword collate nocase limit 1)
      union all
      select (select keyword from signals where team_id = ?1 and keyword collate nocase > k.kw
        order by keyword collate nocase limit 1) from k where k.kw is not null)
    select kw from k where kw is not null`,
  args: [teamId],
})

export async function signalSpellings(run: RunStatement, teamId: string): Promise<string[]> {
  return (await run(spellingsStatement(teamId))).map((r) => r[0] as string)
}

/** ASCII letters in capitals, others as they are: the spellings SQLite's nocase holds equal to a run. */
const asciiUpper = (s: string) => s.replace(/[a-z]+/g, (w) => w.toUpperCase())
const asciiLower = (s: string) => s.replace(/[A-Z]+/g, (w) => w.toLowerCase())

/**
 * docs/api.md#signals: `keyword=` keeps the signals whose keyword has the filter's key (keywordKey), as tracked
 * keywords compare: 'crm not hubspot' is not 'crm NOT hubspot', 'ÉQUIPE' is 'équipe', 'crm  erp' is 'crm erp'. SQL
 * compares with nocase, which folds ASCII letters only, operators too, and spaces not at all; so the filter is
 * resolved here against `spellings` (signalSpellings) into the nocase spellings that can hold its key, each with
 * the runs whose case decides whether it does: [1-based start, length, the run in capitals, whether it must be
 * written so]. The query then seeks each spelling in the keyword index and checks those runs on the row.
 */
export function keywordMatch(keyword: string, spellings: string[]): [string, [number, number, string, number][]][] {
  const key = keywordKey(keyword)
  const wanted = keywordRuns(key)
  const out: [string, [number, number, string, number][]][] = []
  for (const spelling of spellings) {
    if (keywordKey(spelling).toLowerCase() !== key.toLowerCase()) continue
    const runs = keywordRuns(spelling)
    if (runs.length !== wanted.length) continue
    const checks: [number, number, string, number][] = []
    let target = [...spelling]
    for (const [i, r] of runs.entries()) {
      const upper = asciiUpper(r.text)
      if (!isOperatorRun(upper)) continue
      const must = isOperatorRun(wanted[i].text)
      const length = [...r.text].length
      checks.push([r.start + 1, length, upper, must ? 1 : 0])
      target = [...target.slice(0, r.start), ...(must ? upper : asciiLower(r.text)), ...target.slice(r.start + length)]
    }
    // The spelling so written must have the key (it has not when an operator's letters differ beyond ASCII case).
    if (keywordKey(target.join('')) === key) out.push([spelling, checks])
  }
  return out
}

/** `f` with its keyword resolved against the team's `spellings` for the queries (queries.ts, keywordCondition). */
export function resolvedKeyword<F extends { keyword?: string }>(f: F, spellings: string[]): F & ResolvedKeyword {
  if (f.keyword === undefined) return f
  const match = keywordMatch(f.keyword, spellings)
  // None (a keyword with no signal yet): its own key is the one spelling to seek, which finds nothing, where the
  // query of several would walk every signal of the team to find no row.
  const one = match.length > 1 ? undefined : (match[0] ?? keywordMatch(f.keyword, [keywordKey(f.keyword)])[0])
  return one
    ? { ...f, keywordSpelling: one[0], keywordRuns: JSON.stringify(one[1]) }
    : { ...f, keywordSpellings: JSON.stringify(match) }
}

/**
 * `f` resolved (resolvedKeyword) for the list and its count, without its keyword when every signal of the team has
 * it: their one spelling, with no run whose case decides. A team of one keyword filtered on it and a platform or an
 * intent would otherwise walk the keyword's index, every signal of the team, with a seek into the other's for each
 * (lead-index.ts): 1.5-1.9 times the walk of the list index it replaced, where the other filter's own index answers
 * alone (docs/performance.md#two-filters-at-once).
 */
export function listKeyword<F extends { keyword?: string }>(f: F, spellings: string[]): F & ResolvedKeyword {
  const r = resolvedKeyword(f, spellings)
  if (spellings.length !== 1 || r.keywordSpelling !== spellings[0] || r.keywordRuns !== '[]') return r
  const { keyword: _k, keywordSpelling: _s, keywordRuns: _r, ...rest } = r
  return rest as F & ResolvedKeyword
}

/**
 * Each run listed in `runs` (keywordMatch) is written in capitals or not as the key has it. Most keywords have no
 * such run: `'[]'` first, so their rows skip json_each, which tripled the time of a count of 50,000 signals.
 */
const runsHold = (runs: SQLWrapper, keyword: SQLWrapper) =>
  sql`(${runs} = '[]' or not exists (select 1 from json_each(${runs}) kr
    where (substr(${keyword}, kr.value ->> 0, kr.value ->> 1) = kr.value ->> 2) <> kr.value ->> 3))`

/** A row's keyword is one of `spellings` (keywordMatch's, as JSON) with the runs listed with it as the key has them. */
const oneOf = (spellings: SQLWrapper, keyword: SQLWrapper) =>
  sql`${keyword} collate nocase in (select ks.value ->> 0 from json_each(${spellings}) ks)
    and exists (select 1 from json_each(${spellings}) ks
      where ${keyword} = (ks.value ->> 0) collate nocase and ${runsHold(sql`ks.value -> 1`, keyword)})`

/**
 * A row's keyword has the filter's key (docs/api.md#signals): it is one of the spellings the filter was resolved to
 * (resolvedKeyword), in the nocase order of signals_keyword_idx, with its runs as the key has them. One spelling is
 * one seek, then the walk in list order.
 */
export function keywordCondition(
  shape: Pick<FilterShape, 'keywordSpellings'>,
  value: (name: keyof ResolvedKeyword) => SQLWrapper,
  keyword: SQLWrapper = signals.keyword,
) {
  if (shape.keywordSpellings) return oneOf(value('keywordSpellings'), keyword)
  return sql`${keyword} = ${value('keywordSpelling')} collate nocase and ${runsHold(value('keywordRuns'), keyword)}`
}

/** A destination's `keywords` (docs/webhooks.md#endpoints): a row's keyword has the key of any of them. */
export const anyKeywordCondition = (keywords: string[], spellings: string[]) =>
  oneOf(sql`${JSON.stringify(keywords.flatMap((k) => keywordMatch(k, spellings)))}`, signals.keyword)
