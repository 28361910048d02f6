import type { Client } from '@libsql/client'
import { exactHeatSql, heatSql } from './people-figures'
import { linkPeople, unlinkPeople } from './people-links'
import { type PeopleFilter, whereOf } from './people-filter'
import { type Identity, profilesOf } from './people-profiles'
import { PERSON_COLUMNS, type PersonRow, personOf } from './person-row'
import { resolvedKeyword, type Statement, signalSpellings } from './signals/keyword-filter'

export type { PeopleFilter } from './people-filter'
export type { PersonRow } from './person-row'

/** People storage (docs/people.md): the list by heat, one person, links made by hand, muting. */
export const createPeopleRepo = (client: Client) => {
  const run = async (s: Statement) => (await client.execute(s)).rows
  /**
   * The identities linked to each of `ids` by hand, in one statement: a page of 100 people is one read, not 100
   * (docs/people.md#listing-people).
   */
  const linkedOf = async (teamId: string, ids: string[]) => {
    const of = new Map<string, PersonRow[]>(ids.map((id) => [id, []]))
    if (ids.length === 0) return of
    const rs = await client.execute({
      sql: `select ${PERSON_COLUMNS}, 0 as heat from people p
        where p.team_id = ? and p.linked_to in (${ids.map(() => '?').join(',')}) order by p.id`,
      args: [teamId, ...ids],
    })
    for (const row of rs.rows.map(personOf)) of.get(row.linkedTo as string)?.push(row)
    return of
  }
  return {
    /**
     * A page by heat (at `now`), then last seen, then id; and how many pass the filters. Ordered by the heat before it
     * is rounded: people seen within 30 days all cool at the same pace, so their order holds from one page to the next
     * read a little later, where two that round alike would swap as one of them crosses a half point.
     */
    async list(teamId: string, f: PeopleFilter, page: { limit: number; offset: number; now: string }) {
      const spellings = f.keyword === undefined ? [] : await signalSpellings(run, teamId)
      const w = whereOf(teamId, resolvedKeyword(f, spellings))
      const [rows, total] = await client.batch(
        [
          {
            sql: `select *, cast(round(exact) as integer) as heat from (
                select ${PERSON_COLUMNS}, ${exactHeatSql('p')} as exact from people p where ${w.sql}
              ) order by exact desc, last_seen desc, id limit ? offset ?`,
            args: [page.now, ...w.args, page.limit, page.offset],
          },
          { sql: `select count(*) as n from people p where ${w.sql}`, args: w.args },
        ],
        'read',
      )
      return { people: rows.rows.map(personOf), total: Number(total.rows[0].n) }
    },
    /** One person of the team (a linked identity too), with its heat at `now`. */
    async byId(teamId: string, id: string, now: string) {
      const rs = await client.execute({
        sql: `select ${PERSON_COLUMNS}, ${heatSql('p')} as heat from people p where p.team_id = ? and p.id = ?`,
        args: [now, teamId, id],
      })
      return rs.rows[0] ? personOf(rs.rows[0]) : undefined
    },
    /** The identities linked to a person by hand. */
    async linked(teamId: string, id: string) {
      return (await linkedOf(teamId, [id])).get(id) ?? []
    },
    linkedOf,
    /** The names people are shown by, by id (docs/destinations.md#bodies: a message names a lead's person). */
    async namesOf(teamId: string, ids: string[]) {
      if (ids.length === 0) return new Map<string, string>()
      const rs = await client.execute({
        sql: `select id, author from people where team_id = ? and id in (${ids.map(() => '?').join(',')})`,
        args: [teamId, ...ids],
      })
      return new Map(rs.rows.map((r) => [String(r.id), String(r.author)]))
    },
    /** The profile addresses kept for these authors (people-profiles.ts), for the Signals page's author links. */
    profilesOf: (teamId: string, ids: Identity[]) => profilesOf(client, teamId, ids),
    /**
     * A person's latest signals in time order, the oldest first (capped: a person page, not an export). The latest,
     * not the first: a busy person's newest post is the one that made them hot.
     */
    async posts(teamId: string, id: string, limit: number) {
      const rs = await client.execute({
        sql: `select * from (
            select id, platform, author, intent, score, reason, preview, url, keyword, published_at, dismissed,
              coalesce(length(content_full) > length(preview), 0) as cut
            from signals where team_id = ? and person_id = ? order by published_at desc, id desc limit ?
          ) order by published_at, id`,
        args: [teamId, id, limit],
      })
      return rs.rows.map((r) => ({
        id: String(r.id),
        platform: String(r.platform),
        author: String(r.author),
        intent: String(r.intent),
        score: Number(r.score),
        reason: String(r.reason),
        content: String(r.preview),
        cut: Number(r.cut) === 1,
        url: String(r.url),
        keyword: String(r.keyword),
        publishedAt: String(r.published_at),
        dismissed: Number(r.dismissed) === 1,
      }))
    },
    /** `other` (and whatever was linked to it) becomes `into`; false if the people changed meanwhile (people-links). */
    link: (teamId: string, into: string, other: string) => linkPeople(client, teamId, into, other),
    /** The link undone, if `other` is still linked to `from` as it writes; false if not (people-links.ts). */
    unlink: (teamId: string, from: string, other: PersonRow) => unlinkPeople(client, teamId, from, other),
    /** One export page: the team's people (not linked identities) after `afterId`, by id, with their identities. */
    async exportPage(teamId: string, afterId: string, limit: number, now: string) {
      const rs = await client.execute({
        sql: `select ${PERSON_COLUMNS}, ${heatSql('p')} as heat from people p
          where p.team_id = ? and p.linked_to is null and p.id > ? order by p.id limit ?`,
        args: [now, teamId, afterId, limit],
      })
      const people = rs.rows.map(personOf)
      const byPerson = await linkedOf(
        teamId,
        people.map((p) => p.id),
      )
      return people.map((p) => ({ person: p, linked: byPerson.get(p.id) ?? [] }))
    },
    /** docs/people.md#the-threshold */
    async heatThreshold(teamId: string) {
      const rs = await client.execute({ sql: 'select heat_threshold from teams where id = ?', args: [teamId] })
      return Number(rs.rows[0]?.heat_threshold)
    },
    async setHeatThreshold(teamId: string, threshold: number) {
      await client.execute({ sql: 'update teams set heat_threshold = ? where id = ?', args: [threshold, teamId] })
    },
    async setMuted(teamId: string, id: string, muted: boolean) {
      await client.execute({
        // The person `id` belongs to when written (it may have been linked into another since it was read), with
        // every account linked to them: unlinked later, an account keeps the person's mute (docs/people.md#mute).
        sql: `with h(id) as (select coalesce(linked_to, id) from people where team_id = ? and id = ?)
          update people set muted = ? where team_id = ? and (id = (select id from h) or linked_to = (select id from h))`,
        args: [teamId, id, muted ? 1 : 0, teamId],
      })
    },
  }
}
