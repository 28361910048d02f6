import { createHash } from 'node:crypto'

/**
 * The person id of an account kept by its platform id rather than its name (docs/people.md#renamed-accounts: X's user
 * id stays while the username changes): the same account gets the same id whichever pass or process makes it first.
 * Led by its own word, so it is never the id of a person kept by name (people-figures.ts personIdOf).
 */
export const accountPersonId = (a: { teamId: string; platform: string; authorId: string }) =>
  `per_${createHash('sha256').update(`account\u0000${a.teamId}\u0000${a.platform}\u0000${a.authorId}`).digest('hex').slice(0, 24)}`

/**
 * The account's person: the one kept by its id, else one made by name before that the account's id was given to
 * (drizzle/0033: a Bluesky person the stream made by DID or a search by handle), the first made if several.
 */
export const accountPerson = (id: string, team: string, platform: string, account: string) =>
  `coalesce((select q.id from people q where q.id = ${id}), (select q.id from people q where q.team_id = ${team}
    and q.platform = ${platform} and q.account_id = ${account} order by q.created_at, q.id limit 1))`
