import type { InStatement } from '@libsql/client'
import { accountPerson, accountPersonId } from './account-id'
import { forgottenAccountKey, forgottenKey, notForgotten } from './forgotten-key'
import { chunks, teamExists, tuples } from './multi-row'

type AccountAuthor = { teamId: string; platform: string; author: string; profileUrl?: string; postId: string }

/**
 * A people statement's row: the person's id, team, platform, name, profile address, post id, the name's forgotten key.
 */
export const authorRow = (id: string, a: AccountAuthor) => [
  id,
  a.teamId,
  a.platform,
  a.author,
  a.profileUrl ?? '',
  a.postId,
  forgottenKey(a.teamId, a.platform, a.author),
]
// authorRow's values, then the account's forgotten key (forgotten under one name, it stays so under the next), then
// the account's platform id.
const WIDTH = 9
const NOT_STORED = `not exists (select 1 from signals s
  where s.team_id = v.column2 and s.platform = v.column3 and s.post_id = v.column6) and ${notForgotten('v.column7')}
  and ${notForgotten('v.column8')}`
// The name held by another person of the team on the platform: a person kept by name from before, or an account that
// has not posted since it gave the name up.
// The account's person: kept by its id, or made by name before and given the account's id (drizzle/0033).
const ACCOUNT = accountPerson('v.column1', 'v.column2', 'v.column3', 'v.column9')
const NAME_HELD = (self: string) => `exists (select 1 from people q where q.team_id = v.column2
  and q.platform = v.column3 and q.author = v.column4 and q.id <> ${self})`

/**
 * docs/people.md#renamed-accounts: the people of posts whose account has a platform id (X's author_id), kept by it.
 * Seen again under a new name, the person takes it (and a new profile address), unless another person of the team
 * holds that name; seen for the first time, a person is made, unless the name is held: then the post joins the one
 * that holds it, as a post with no account id does (multi-row.ts signalInserts), so that a person from before ids
 * were kept, found by name, does not become two.
 */
export function accountUpserts(signals: (AccountAuthor & { authorId: string })[], createdAt: string): InStatement[] {
  return chunks(signals).flatMap((part) => {
    const values = `(values ${tuples(part.length, WIDTH)}) as v`
    const args = part.flatMap((a) => {
      const id = accountPersonId(a)
      return [...authorRow(id, a), forgottenAccountKey(id), a.authorId]
    })
    return [
      // Or ignore: two accounts of one batch taking the same name (a page read across a rename) would otherwise fail
      // the whole store, and every later try of the same posts with it; one takes it, the other keeps its own.
      {
        sql: `update or ignore people set author = v.column4,
            profile_url = case when v.column5 <> '' then v.column5 else people.profile_url end
          from ${values}
          where people.id = ${ACCOUNT} and (people.author <> v.column4 or v.column5 not in ('', people.profile_url))
            and ${NOT_STORED} and not ${NAME_HELD('people.id')}`,
        args,
      },
      {
        sql: `insert into people (id, team_id, platform, author, profile_url, account_id, created_at)
          select v.column1, v.column2, v.column3, v.column4, v.column5, v.column9, ? from ${values}
          where ${NOT_STORED} and ${teamExists('v.column2')} and not ${NAME_HELD("''")}
            and ${ACCOUNT} is null
          on conflict do nothing`,
        args: [createdAt, ...args],
      },
    ]
  })
}
