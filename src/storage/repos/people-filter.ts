// The people list's filters (docs/people.md#listing-people) as SQL over `people p`.
import { sql } from 'drizzle-orm'
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core'
import { keywordCondition, type ResolvedKeyword } from './signals/keyword-filter'

const dialect = new SQLiteAsyncDialect()

export type PeopleFilter = {
  /** A part of the name of the person or of an identity linked to them. */
  author?: string
  keyword?: string
  intent?: string
  platform?: string
  minScore?: number
  since?: string
  withMuted?: boolean
  /**
   * Every person of their own of the team, muted or not and whatever their signals (the accounts a person's page can
   * link, docs/console.md#people): the signals filters do not apply.
   */
  everyAccount?: boolean
} & ResolvedKeyword

/** `author`: a part of the name of the person or of one of the identities linked to them. */
const AUTHOR_NAMED = `and (p.author like ? escape '\\' or exists (select 1 from people l
  where l.team_id = ? and l.linked_to = p.id and l.author like ? escape '\\'))`

/**
 * The signals filters (docs/api.md#signals), as a person's having at least one signal that passes them, and the
 * author's name.
 */ export function whereOf(teamId: string, f: PeopleFilter) {
  // A person asked for by name, or a muted one asked for to be found and unmuted, is listed by any of their signals
  // that passes, dismissed or not: one whose every post was judged not relevant is still a person until forgotten, and
  // their name is how they are found again (docs/people.md#listing-people).
  const counted =
    f.author !== undefined ? undefined : f.withMuted ? '(s.dismissed = 0 or p.muted = 1)' : 's.dismissed = 0'
  const conds = ['s.person_id = p.id', ...(counted === undefined ? [] : [counted])]
  const args: (string | number)[] = []
  if (f.keyword !== undefined) {
    // As the signals list compares it, once resolved (signals/keyword-filter.ts), on this query's signals.
    const shape = { keywordSpellings: f.keywordSpellings !== undefined }
    const q = dialect.sqlToQuery(keywordCondition(shape, (name) => sql`${f[name]}`, sql.raw('s.keyword')))
    conds.push(q.sql) && args.push(...(q.params as string[]))
  }
  if (f.intent !== undefined) conds.push('s.intent = ?') && args.push(f.intent)
  if (f.platform !== undefined) conds.push('s.platform = ?') && args.push(f.platform)
  if (f.minScore) conds.push('s.score >= ?') && args.push(f.minScore)
  if (f.since !== undefined) conds.push('s.published_at >= ?') && args.push(f.since)
  // LIKE with its wildcards escaped: a name is matched as written, ignoring the case of A-Z (SQLite's LIKE).
  const named = f.author === undefined ? undefined : `%${f.author.replace(/[\\%_]/g, '\\$&')}%`
  // An account to link is found by its name alone: one whose every post was dismissed, muted or not, is out of the
  // list (docs/people.md#heat) but is still someone's other account.
  const bySignals = !f.everyAccount
  return {
    sql: `p.team_id = ? and p.linked_to is null ${f.withMuted || !bySignals ? '' : 'and p.muted = 0'}
      ${named === undefined ? '' : AUTHOR_NAMED}
      ${bySignals ? `and exists (select 1 from signals s where ${conds.join(' and ')})` : ''}`,
    args: [teamId, ...(named === undefined ? [] : [named, teamId, named]), ...(bySignals ? args : [])],
  }
}
