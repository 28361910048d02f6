// A console whose team has, for each of atBothSizes' sizes, a person of its own with accounts on other platforms:
// tests that link and unlink them by the keyboard (a size's test changes only its own).
import { linkPerson, listPeople } from '../../src/domain/people/people'
import { oneTeamConsole, SIZES } from './one-team-console'
import { signalRow } from './webhooks'

/**
 * For each size: `own-<size>` on Reddit, and each of `others` (`gh`, `x`) as `<other>-<size>` on GitHub or X, each
 * with a post; linked to `own-<size>` when `linked`.
 */
export function sizeAccountsConsole(others: ('gh' | 'x')[], linked: boolean) {
  const platform = { gh: 'github', x: 'twitter' }
  return oneTeamConsole({
    team: 'accounts',
    owner: 'o@accounts.test',
    seed: async (deps, teamId) => {
      const post = (on: string, author: string) =>
        signalRow(teamId, { platform: on, author, score: 9, publishedAt: new Date().toISOString() })
      const sizes = SIZES.map(([size]) => size)
      await deps.repos.signals.insertMany(
        teamId,
        sizes.flatMap((size) => [
          post('reddit', `own-${size}`),
          ...others.map((o) => post(platform[o], `${o}-${size}`)),
        ]),
      )
      if (!linked) return
      const people = (await listPeople(deps, teamId, { limit: 100, offset: 0 })).people
      const id = (author: string) => people.find((p) => p.author === author)?.id as string
      for (const size of sizes)
        for (const o of others) await linkPerson(deps, teamId, id(`own-${size}`), id(`${o}-${size}`))
    },
  })
}
