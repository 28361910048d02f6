import { createHash } from 'node:crypto'

/**
 * The person id of an account kept by its platform id rather than its name (docs/people.md#renamed-accounts: X's user
 * id stays while the username changes): the same account gets the same id whichever pass or process makes it first.
 * Led by its own word, so it is never the id of a person kept by name (people-figures.ts personIdOf).
 */
export const accountPersonId = (a: { teamId: string; platform: string; authorId: string }) =>
  `per_${createHash('sha256').update(`account\u0000${a.teamId}\u0000${a.platform}\u0000${a.authorId}`).digest('hex').slice(0, 24)}`
