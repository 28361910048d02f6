import type { InStatement } from '@libsql/client'
import { createHash } from 'node:crypto'
import { chunks, teamExists, tuples } from './multi-row'
import { notForgotten, otherForgottenKey } from './forgotten-key'
import { accountUpserts, authorRow } from './people-accounts'

/**
 * docs/people.md#heat, the one place it is written: 0 to 100, from the person's best score (half), how recently they
 * were seen (a quarter, falling to nothing over 30 days), how many signals (up to 15 for five or more) and whether
 * any matched an ICP profile (10). `p` is the people row's alias; the one `?` is the time it is measured at.
 */
export const exactHeatSql = (p: string) =>
  `(5 * ${p}.best_score
    + 25 * coalesce(min(1.0, max(0.0, 1.0 - (julianday(?) - julianday(${p}.last_seen)) / 30.0)), 0)
    + 3 * min(${p}.signal_count, 5) + 10 * ${p}.icp_matched)`
export const heatSql = (p: string) => `cast(round(${exactHeatSql(p)}) as integer)`

/**
 * A person's figures summed up from the signals that carry their id (docs/people.md), those judged not relevant left
 * out (docs/people.md#heat): a post the team dismissed, or one stored while the person was muted, is not a lead.
 * `counted`: the signals `s` that count, those not dismissed unless a caller says otherwise.
 */
export const figuresSet = (counted = 's.dismissed = 0') => `signal_count = (select count(*) from signals s
    where s.person_id = people.id and ${counted}),
  best_score = coalesce((select max(s.score) from signals s where s.person_id = people.id and ${counted}), 0),
  best_intent = (select s.intent from signals s where s.person_id = people.id and ${counted}
    order by s.score desc, s.published_at desc limit 1),
  icp_matched = exists (select 1 from signals s where s.person_id = people.id and ${counted}
    and s.icp_match is not null),
  first_seen = (select min(s.published_at) from signals s where s.person_id = people.id and ${counted}),
  last_seen = (select max(s.published_at) from signals s where s.person_id = people.id and ${counted})`
export const FIGURES_SET = figuresSet()

type Author = { teamId: string; platform: string; author: string; profileUrl?: string }
/**
 * `authorKnown` false: the name is a stand-in (mention.ts), no one's, and makes no person. `authorId`: the account is
 * kept by its platform id (people-accounts.ts).
 */
type Authored = Author & { postId: string; authorKnown?: false; authorId?: string }

/**
 * A person's id, from the team, platform and author: the same identity gets the same id wherever it is first made
 * (a pass, an import, a second process), so nothing depends on which of them wrote the row first.
 */
export const personIdOf = (a: Author) =>
  `per_${createHash('sha256').update(`${a.teamId}\u0000${a.platform}\u0000${a.author}`).digest('hex').slice(0, 24)}`

/**
 * The people of signals about to be stored: one row per (team, platform, author), made on first sight; a later
 * profile URL replaces the one kept (an empty one does not). A person seen again with nothing new is not written.
 * Only the signals that will be stored count (docs/people.md: a person is made when a signal of theirs is stored):
 * not a post the team already has, nor a post's repeat in `signals`, which may name another author (an import's
 * file repeating a url or post id); their authors would be people with no signal, sent to a CRM by the export.
 * Nor one the team forgot (docs/people.md#forget), nor a stand-in for an author the platform did not name
 * (docs/people.md#who-is-a-person): every such post of a platform would be one person.
 */
export function peopleUpserts(signals: Authored[], createdAt: string): InStatement[] {
  const posts = new Set<string>()
  const firsts = signals.filter((s) => {
    const post = `${s.teamId}\u0000${s.platform}\u0000${s.postId}`
    return !posts.has(post) && posts.add(post) && s.authorKnown !== false
  })
  const byAccount = firsts.flatMap((s) => (s.authorId === undefined ? [] : [{ ...s, authorId: s.authorId }]))
  const byName = firsts.filter((s) => s.authorId === undefined)
  const named = chunks(byName).map((part) => ({
    sql: `insert into people (id, team_id, platform, author, profile_url, created_at)
      select v.column1, v.column2, v.column3, v.column4, v.column5, ? from (values ${tuples(part.length, 8)}) as v
      where not exists (select 1 from signals s
        where s.team_id = v.column2 and s.platform = v.column3 and s.post_id = v.column6) and ${notForgotten('v.column7')}
        and ${notForgotten('v.column8')}
        and ${teamExists('v.column2')}
      on conflict (team_id, platform, author) do update set profile_url = excluded.profile_url
        where excluded.profile_url not in ('', people.profile_url)`,
    // The name's other key: an account kept by its id, forgotten, keeps out a post of its name without an id.
    args: [createdAt, ...part.flatMap((a) => [...authorRow(personIdOf(a), a), otherForgottenKey(a)])],
  }))
  return [...named, ...accountUpserts(byAccount, createdAt)]
}

// The people of the signals, for the statements that serve only `person.updated`: with no enabled destination of
// that event anywhere, the limit is 0 and SQLite reads none of them (a pass's pages then skip three lookups of every
// signal and person, docs/performance.md#budgets-in-blocks); the statements' own conditions are unchanged.
const ofSignals = (n: number) =>
  `select person_id from signals where id in (${Array.from({ length: n }, () => '?').join(',')})
    limit case when exists (select 1 from webhook_endpoints e where e.enabled = 1 and e.event = 'person.updated')
      then -1 else 0 end`

/**
 * The figures of the people of `n` signals just stored, added to what they were (FIGURES_SET sums every signal
 * again: a link's or an import's work, not a polling pass's). Every right-hand side reads the row as it was.
 */
const addedFigures = (n: number) => `update people set
    signal_count = people.signal_count + f.n,
    best_intent = case when f.best >= people.best_score or people.best_intent is null
      then (select s.intent from signals s where s.person_id = people.id and s.dismissed = 0
        order by s.score desc, s.published_at desc limit 1)
      else people.best_intent end,
    best_score = max(people.best_score, f.best),
    icp_matched = people.icp_matched or f.icp,
    first_seen = coalesce(min(people.first_seen, f.first), f.first),
    last_seen = coalesce(max(people.last_seen, f.last), f.last)
  from (select person_id, count(*) as n, max(score) as best, max(icp_match is not null) as icp,
      min(published_at) as first, max(published_at) as last
    from signals where id in (${Array.from({ length: n }, () => '?').join(',')}) and person_id is not null
      and dismissed = 0
    group by person_id) as f
  where people.id = f.person_id`

/**
 * After the signals `signalIds` were stored (those inserted; a post the team had is not): the mark of each of their
 * people announced hot taken off if they cooled below the threshold since (their old figures, at this moment: a person
 * cools while nothing is stored), their figures again, then `person.updated` (docs/people.md#person-updated) for each
 * person whose heat is now at or over the team's threshold and who is not marked, to the team's enabled destinations
 * of that event, then the person marked hot (or not). All in the transaction that stores the signals: one event per
 * crossing.
 */
export function figureUpdates(signalIds: string[], at: { ms: number; iso: string }): InStatement[] {
  // Only for teams with a destination of the event: the others have no one to tell, and a pass skips the work.
  const markHot = (ids: string[], cooledOnly: boolean): InStatement => ({
    sql: `update people set hot = (${heatSql('people')} >= (select heat_threshold from teams t where t.id = people.team_id))
      where id in (${ofSignals(ids.length)}) ${cooledOnly ? 'and hot = 1' : 'and muted = 0'} and exists (select 1 from webhook_endpoints e
        where e.team_id = people.team_id and e.enabled = 1 and e.event = 'person.updated')`,
    args: [at.iso, ...ids],
  })
  return chunks(signalIds).flatMap((ids) => [
    // Only taken off, never put on, before the new figures: someone never announced (hot before the team's first
    // destination of the event, over a threshold lowered since their last signal, or muted then) is announced now.
    markHot(ids, true),
    { sql: addedFigures(ids.length), args: ids },
    {
      sql: `insert into webhook_deliveries (id, endpoint_id, event, payload, status, attempts, next_attempt_at, created_at)
        select 'msg_' || lower(hex(randomblob(12))), e.id, 'person.updated', json_object('type', 'person.updated',
          'timestamp', ?, 'data', json_object('team', json_object('id', t.id, 'name', t.name),
          'person', json_object('id', p.id, 'platform', p.platform, 'author', p.author, 'profileUrl', p.profile_url,
            'heat', ${heatSql('p')}, 'threshold', t.heat_threshold, 'signals', p.signal_count,
            'bestScore', p.best_score, 'bestIntent', p.best_intent, 'lastSeen', p.last_seen))), 'pending', 0, ?, ?
        from people p join teams t on t.id = p.team_id
        join webhook_endpoints e on e.team_id = p.team_id and e.enabled = 1 and e.event = 'person.updated'
        where p.id in (${ofSignals(ids.length)}) and p.hot = 0 and p.muted = 0
          and ${heatSql('p')} >= t.heat_threshold`,
      args: [at.iso, at.iso, at.ms, at.iso, ...ids, at.iso],
    },
    // Put on as they were announced: not for a muted person, who is told of to no one (docs/people.md#mute).
    markHot(ids, false),
  ])
}

/**
 * After an import of signals `signalIds` (signals repo insertMany, which stores each with its person as a pass does;
 * the rows a team already had were not stored): their people's figures added to. Only the rows just written are
 * read, so an import stays linear in its size. An import sends no event (docs/people.md#person-updated).
 */
export const afterImport = (signalIds: string[]): InStatement[] =>
  chunks(signalIds).map((ids) => ({ sql: addedFigures(ids.length), args: ids }))
