import type { Client, InStatement } from '@libsql/client'
import { chunks } from './multi-row'
import { forgottenAccountKey, forgottenAccountNameKey, forgottenKey } from './forgotten-key'
import { accountPersonId } from './account-id'
import { personIdOf } from './people-figures'

type Identity = { id: string; platform: string; author: string; accountId?: string }

const marks = (n: number) => Array.from({ length: n }, () => '?').join(',')

/**
 * What is kept of an identity forgotten: its name's key; for an account kept by its platform id (its person id is
 * not the one of its name, people-accounts.ts) that id's key instead, so that it stays out under a new name and
 * another account that takes its old name is not, and its name's for the posts that come without an id.
 */
const byName = (teamId: string, i: Identity) =>
  i.id === personIdOf({ teamId, ...i })
    ? [forgottenKey(teamId, i.platform, i.author)]
    : [forgottenAccountKey(i.id), forgottenAccountNameKey(teamId, i.platform, i.author)]

/**
 * An identity made by name that was given its account's id later (drizzle/0033, a Bluesky DID) is forgotten by that
 * account's key too: its posts under a handle it takes later come with the DID, not with the name it had.
 */
const keysOf = (teamId: string, i: Identity) => {
  const account = i.accountId === undefined ? i.id : accountPersonId({ teamId, ...i, authorId: i.accountId })
  return account === i.id ? byName(teamId, i) : [...byName(teamId, i), forgottenAccountKey(account)]
}

/**
 * The statements that forget `person` and the identities linked into it (docs/people.md#forget), each only while
 * the team's person and identities are still exactly those (`same`, unchanged by the statements before it: the people
 * rows go last): a link or unlink made meanwhile leaves everything as it was.
 */
function forgetStatements(teamId: string, person: string, identities: Identity[], at: string): InStatement[] {
  const ids = identities.map((i) => i.id).sort()
  const same = `(select group_concat(id, ' ') from (select id from people where team_id = ?
    and ((id = ? and linked_to is null) or linked_to = ?) order by id)) = ?`
  const guard = [teamId, person, person, ids.join(' ')]
  // `+team_id`: compared on each row found, not sought. Sought, it let SQLite walk every signal of the team in the
  // list index, which holds the team, the person and the id (148 ms on 100,000 signals, three times under
  // the write lock); the person index finds a person's few (docs/performance.md#what-storing-a-signal-costs).
  const theirs = `select id from signals where +team_id = ? and person_id in (${marks(ids.length)})`
  return [
    ...chunks(identities.flatMap((i) => keysOf(teamId, i))).map((part) => ({
      sql: `insert into forgotten_authors (key, team_id, forgotten_at)
        select column1, ?, ? from (values ${part.map(() => '(?)').join(',')}) where ${same} on conflict do nothing`,
      args: [teamId, at, ...part, ...guard],
    })),
    // Deliveries not sent yet (a failed one could be replayed); a sent signal.created holds no more than an id. Read
    // through the team's endpoints (webhook_deliveries_endpoint_idx): signal_id has no index of its own.
    {
      sql: `delete from webhook_deliveries where endpoint_id in (select id from webhook_endpoints where team_id = ?)
        and status <> 'succeeded' and signal_id in (${theirs}) and ${same}`,
      args: [teamId, teamId, ...ids, ...guard],
    },
    // person.updated keeps the name and profile in its body, sent or not.
    {
      sql: `delete from webhook_deliveries where event = 'person.updated' and endpoint_id in
        (select id from webhook_endpoints where team_id = ?)
        and json_extract(payload, '$.data.person.id') in (${marks(ids.length)}) and ${same}`,
      args: [teamId, ...ids, ...guard],
    },
    {
      sql: `delete from signal_feedback where team_id = ? and signal_id in (${theirs}) and ${same}`,
      args: [teamId, teamId, ...ids, ...guard],
    },
    // Posts fetched and waiting for the scorer; those under another spelling of the name are dropped when drained.
    // Not a post whose author is a stand-in of that name (mention.ts authorKnown): it is no one's.
    ...identities.map((i) => ({
      sql: `delete from pending_mentions where team_id = ? and platform = ? and json_extract(mention, '$.author') = ?
        and json_extract(mention, '$.authorKnown') is null and ${same}`,
      args: [teamId, i.platform, i.author, ...guard],
    })),
    { sql: `delete from signals where id in (${theirs}) and ${same}`, args: [teamId, ...ids, ...guard] },
    {
      sql: `update teams set signals_version = signals_version + 1 where id = ? and ${same}`,
      args: [teamId, ...guard],
    },
    {
      sql: `delete from people where team_id = ? and id in (${marks(ids.length)}) and ${same}`,
      args: [teamId, ...ids, ...guard],
    },
  ]
}

/** docs/people.md#forget: the authors forgotten, and forgetting a person. */
export const createForgottenAuthorsRepo = (client: Client) => ({
  /** Of these teams, those that forgot someone (a key is of one team: its row's team_id). */
  async teamsThatForgot(teamIds: string[]): Promise<Set<string>> {
    const found = new Set<string>()
    for (const part of chunks([...new Set(teamIds)])) {
      const rs = await client.execute({
        sql: `select distinct team_id from forgotten_authors where team_id in (${marks(part.length)})`,
        args: part,
      })
      for (const r of rs.rows) found.add(String(r.team_id))
    }
    return found
  },
  /** Of these keys (forgottenKey), those forgotten. */
  async which(keys: string[]): Promise<Set<string>> {
    const found = new Set<string>()
    for (const part of chunks([...new Set(keys)])) {
      const rs = await client.execute({
        sql: `select key from forgotten_authors where key in (${marks(part.length)})`,
        args: part,
      })
      for (const r of rs.rows) found.add(String(r.key))
    }
    return found
  },
  /**
   * `person` (a person of its own) and `identities` (it and those linked into it) forgotten in one transaction; how
   * many signals went with them, or undefined when its identities changed since they were read and nothing was done.
   */
  async forget(teamId: string, person: string, identities: Identity[], at: string) {
    // Given once, when the row is made or by 0033, never changed: read here, outside the transaction that checks
    // the identities are still these.
    const rs = await client.execute({
      sql: `select id, account_id from people where team_id = ? and account_id is not null
        and id in (${marks(identities.length)})`,
      args: [teamId, ...identities.map((i) => i.id)],
    })
    const accounts = new Map(rs.rows.map((r) => [String(r.id), String(r.account_id)]))
    const withAccounts = identities.map((i) =>
      accounts.has(i.id) ? { ...i, accountId: accounts.get(i.id) as string } : i,
    )
    const stmts = forgetStatements(teamId, person, withAccounts, at)
    const results = await client.batch(stmts, 'write')
    const people = results[results.length - 1]
    if (people.rowsAffected === 0) return undefined
    return { signals: results[results.length - 3].rowsAffected }
  },
})
