import type { Client } from '@libsql/client'
import { tuples } from './multi-row'

/** A signal's author on a platform, and the person the signal belongs to (docs/people.md), null for no one. */
export type Identity = { platform: string; author: string; personId: string | null }
export const identityKey = (i: Identity) => `${i.platform}\u0000${i.author}\u0000${i.personId ?? ''}`

/**
 * The profile addresses the platforms gave for the authors of these signals, by identityKey; one with none kept is
 * left out. The address is that of the signal's own person's account (it or one linked into it): the one holding the
 * signal's name, else their only account on the platform. An X account kept by its id that renamed itself has its
 * posts under the old name linked to it, under its newest name, and never to another account that took the old name
 * since (docs/people.md#renamed-accounts); a person with two accounts there, neither holding the name, gets no link
 * rather than a guess. One read, however many signals a page holds.
 */
export async function profilesOf(client: Client, teamId: string, ids: Identity[]): Promise<Map<string, string>> {
  const kept = new Map<string, string>()
  const theirs = ids.filter((i) => i.personId !== null)
  if (theirs.length === 0) return kept
  const account = 'p.team_id = ? and p.platform = v.column1 and (p.id = v.column3 or p.linked_to = v.column3)'
  // Their only account as a CASE over the aggregate: sqld's parser refuses a HAVING without GROUP BY (a 500 on the
  // Signals page there), which the embedded engine takes.
  const rs = await client.execute({
    sql: `select v.column1 as platform, v.column2 as author, v.column3 as person, coalesce(
        (select p.profile_url from people p where ${account} and p.author = v.column2),
        (select case when count(*) = 1 then max(p.profile_url) end from people p where ${account})) as profile_url
      from (values ${tuples(theirs.length, 3)}) as v`,
    args: [teamId, teamId, ...theirs.flatMap((i) => [i.platform, i.author, i.personId])],
  })
  for (const r of rs.rows) {
    const url = String(r.profile_url ?? '')
    const key = identityKey({ platform: String(r.platform), author: String(r.author), personId: String(r.person) })
    if (url !== '') kept.set(key, url)
  }
  return kept
}
