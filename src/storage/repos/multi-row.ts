import type { InStatement } from '@libsql/client'
import { DB_NOW_ISO } from './db-now'
import type { NewSignal } from './signals'
import { accountPerson, accountPersonId } from './account-id'
import { forgottenKey, notForgotten, otherForgottenKey } from './forgotten-key'

// Rows per multi-row statement: well under SQLite's bound-variable limit, few statements per transaction.
const CHUNK = 200

/** `(?,?,…),(?,?,…)`: placeholders for `rows` rows of `width` values. */
export const tuples = (rows: number, width: number) =>
  Array.from({ length: rows }, () => `(${Array.from({ length: width }, () => '?').join(',')})`).join(',')

/** `items` in groups of at most CHUNK, one statement each. */
export function chunks<T>(items: T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK))
  return out
}

const SIGNAL_COLUMNS = [
  'id',
  'team_id',
  'platform',
  'post_id',
  'author',
  'intent',
  'score',
  'reason',
  'icp_match',
  'preview',
  'url',
  'keyword',
  'published_at',
  'detected_at',
  'content_full',
  'scored_by',
  'model',
  'prompt_version',
  'imported',
] as const

const accountOf = (s: NewSignal) =>
  s.authorId === undefined || s.authorKnown === false ? null : accountPersonId({ ...s, authorId: s.authorId })

const valuesOf = (s: NewSignal) => [
  s.id,
  s.teamId,
  s.platform,
  s.postId,
  s.author,
  s.intent,
  s.score,
  s.reason,
  s.icpMatch ?? null,
  s.preview,
  s.url,
  s.keyword,
  s.publishedAt,
  s.detectedAt ?? null,
  s.contentFull ?? null,
  s.scoredBy ?? null,
  s.model ?? null,
  s.promptVersion ?? null,
  s.imported ? 1 : 0,
  // A stand-in is no one's name, so not a forgotten author's either: no key, kept.
  s.authorKnown === false ? null : forgottenKey(s.teamId, s.platform, s.author),
  s.authorKnown === false ? 0 : 1,
  // The person of an account kept by its platform id (people-accounts.ts), when it has one.
  accountOf(s),
  // The author's other forgotten key (forgotten-key.ts): its account's, or its name's as such an account's.
  s.authorKnown === false ? null : otherForgottenKey(s),
  // Dismissed as its import file says (docs/operations.md#importing-signals), whatever its person: the mute stayed
  // behind.
  s.dismissed ? 1 : 0,
  // The account's platform id, which a person made by name before may hold (account-id.ts accountPerson).
  s.authorKnown === false ? null : (s.authorId ?? null),
]

// The person of a post's account, by the id it is kept by or the account id a person made by name before was given.
const ACCOUNT_PERSON = accountPerson(
  `v.column${SIGNAL_COLUMNS.length + 3}`,
  'v.column2',
  'v.column3',
  `v.column${SIGNAL_COLUMNS.length + 6}`,
)

/** A team still there: rows for one removed while a pass or stream scored are left out, not a failed batch. */
export const teamExists = (teamId: string) => `exists (select 1 from teams t where t.id = ${teamId})`

// A signal found now has no detected_at of its own: it is the database's present as the row is written (db-now.ts).
const FROM_VALUES = SIGNAL_COLUMNS.map((c, i) =>
  c === 'detected_at' ? `coalesce(v.column${i + 1}, ${DB_NOW_ISO})` : `v.column${i + 1}`,
).join(', ')

/**
 * Multi-row inserts of signals that skip a post the team already has (the unique (team, platform, post) index). Each
 * signal carries its person's id (docs/people.md: the person its author's row is linked to, if any; the rows are
 * written first, people-figures.ts peopleUpserts) and is stored dismissed when that person is muted. A stand-in
 * author (`authorKnown` false, the row's value after the forgotten key) joins no one, not even a real account of that
 * name: its signal has no person (docs/people.md#who-is-a-person). A post whose account has a platform id joins the
 * person kept by it (people-accounts.ts) or given it later (drizzle/0033; the id is the row's last value), else
 * whoever holds the name. A post of an author the team forgot is not stored (docs/people.md#forget; an account kept
 * by its id, under any name: the row's other key), checked here, in the transaction that stores it: a person
 * forgotten while a pass scored their post does not come back with it. Nor is one of a team removed meanwhile (`team
 * remove` while `serve` polls): the rest of the batch is stored. A signal given as dismissed (an import's, the value
 * before the account id) is stored so.
 */
export function signalInserts(signals: NewSignal[], returning: string): InStatement[] {
  return chunks(signals).map((part) => ({
    sql: `insert into signals (${SIGNAL_COLUMNS.join(', ')}, person_id, dismissed)
      select ${FROM_VALUES}, coalesce(l.id, a.id),
        max(coalesce(l.muted, a.muted, 0), v.column${SIGNAL_COLUMNS.length + 5})
      from (values ${tuples(part.length, SIGNAL_COLUMNS.length + 6)}) as v
      left join people a on a.id = coalesce(${ACCOUNT_PERSON},
          (select q.id from people q where q.team_id = v.column2 and q.platform = v.column3 and q.author = v.column5))
        and v.column${SIGNAL_COLUMNS.length + 2} = 1
      left join people l on l.id = a.linked_to
      where ${notForgotten(`v.column${SIGNAL_COLUMNS.length + 1}`)}
        and ${notForgotten(`v.column${SIGNAL_COLUMNS.length + 4}`)} and ${teamExists('v.column2')}
      on conflict do nothing ${returning}`,
    args: part.flatMap(valuesOf),
  }))
}
