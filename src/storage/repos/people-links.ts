import type { Client, InStatement } from '@libsql/client'
import { FIGURES_SET } from './people-figures'
import type { PersonRow } from './person-row'

// Links made by hand between people (docs/people.md#links), apart from people.ts, which reads people: each is one
// write transaction that checks again what its caller checked, and sums both people's figures anew.

const figures = (ids: string[]): InStatement => ({
  sql: `update people set ${FIGURES_SET} where id in (${ids.map(() => '?').join(',')})`,
  args: ids,
})

/**
 * `other` (and whatever was linked to it) becomes `into`; their signals carry `into`'s id. One transaction, which
 * checks again what the caller checked before it: two links made at the same moment (a into b and b into a, or b
 * into a and c into b) would otherwise leave someone linked to itself or an identity of an identity, out of every
 * list (docs/people.md#links). False when the people changed meanwhile and nothing was done.
 */
export async function linkPeople(client: Client, teamId: string, into: string, other: string): Promise<boolean> {
  // Still true after this batch's own changes: `into` a person of its own (and not forgotten meanwhile,
  // docs/people.md#forget), `other` one too (or already `into`'s).
  const stillSo = `exists (select 1 from people where id = ? and linked_to is null)
      and coalesce((select linked_to from people where id = ?), ?) = ?`
  const guard = [into, other, into, into]
  const [, moved] = await client.batch(
    [
      {
        sql: `update people set linked_to = ? where team_id = ? and linked_to = ? and ${stillSo}`,
        args: [into, teamId, other, ...guard],
      },
      {
        sql: `update people set linked_to = ? where team_id = ? and id = ? and ${stillSo}`,
        args: [into, teamId, other, ...guard],
      },
      {
        sql: `update signals set person_id = ? where person_id = ? and ${stillSo}`,
        args: [into, other, ...guard],
      },
      // A person is muted as a whole (docs/people.md#mute): muted if either was, so that a muted account's posts
      // do not reach the destinations again, unseen, through an unmuted person.
      {
        sql: `update people set muted = 1 where team_id = ? and (id = ? or linked_to = ?) and ${stillSo}
            and exists (select 1 from people q where q.team_id = ? and (q.id = ? or q.linked_to = ?) and q.muted = 1)`,
        args: [teamId, into, into, ...guard, teamId, into, into],
      },
      figures([into, other]),
      { sql: 'update teams set signals_version = signals_version + 1 where id = ?', args: [teamId] },
    ],
    'write',
  )
  return moved.rowsAffected > 0
}

/** The link undone, if `other` is still linked to `from` as it writes (docs/people.md#links); false if not. */
export async function unlinkPeople(client: Client, teamId: string, from: string, other: PersonRow): Promise<boolean> {
  // Checked here as well as by the caller: `from` linked into someone meanwhile took `other`'s signals along.
  const [, freed] = await client.batch(
    [
      // Its posts under its name, and those under a name it had before (an account kept by its id that renamed
      // itself, docs/people.md#renamed-accounts) when it is the person's only account on the platform: with
      // another there, a name neither holds now may be that one's old name, and stays with the person.
      {
        sql: `update signals set person_id = ? where team_id = ? and person_id = ? and platform = ?
            and (author = ? or not exists (select 1 from people r where r.team_id = signals.team_id
              and r.platform = signals.platform and r.id <> ? and (r.id = ? or r.linked_to = ?)))
            and (select linked_to from people where team_id = ? and id = ?) = ?`,
        args: [other.id, teamId, from, other.platform, other.author, other.id, from, from, teamId, other.id, from],
      },
      // The account keeps the person's mute (docs/people.md#mute), whatever it had before the link.
      {
        sql: `update people set linked_to = null, muted = (select muted from people where team_id = ? and id = ?)
            where team_id = ? and id = ? and linked_to = ?`,
        args: [teamId, from, teamId, other.id, from],
      },
      figures([from, other.id]),
      { sql: 'update teams set signals_version = signals_version + 1 where id = ?', args: [teamId] },
    ],
    'write',
  )
  return freed.rowsAffected > 0
}
