import type { Client } from '@libsql/client'
import { tuples } from './multi-row'

/** An author on a platform: one identity of a person (docs/people.md). */
export type Identity = { platform: string; author: string }
export const identityKey = (i: Identity) => `${i.platform}\u0000${i.author}`

/**
 * The profile addresses the platforms gave for these identities of the team, by identityKey; an identity with none
 * kept is left out. One read through people_identity_idx, however many identities a page holds.
 */
export async function profilesOf(client: Client, teamId: string, ids: Identity[]): Promise<Map<string, string>> {
  const kept = new Map<string, string>()
  if (ids.length === 0) return kept
  const rs = await client.execute({
    sql: `select p.platform, p.author, p.profile_url from (values ${tuples(ids.length, 2)}) as v
      join people p on p.team_id = ? and p.platform = v.column1 and p.author = v.column2
      where p.profile_url <> ''`,
    args: [...ids.flatMap((i) => [i.platform, i.author]), teamId],
  })
  for (const r of rs.rows)
    kept.set(identityKey({ platform: String(r.platform), author: String(r.author) }), String(r.profile_url))
  return kept
}
