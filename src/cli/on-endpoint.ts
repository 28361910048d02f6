import type { AdminDeps } from '../deps'
import { findTeam } from '../domain/teams/teams'
import { noEndpointSaid } from '../domain/webhooks/endpoints'
import { AppError } from '../errors'
import { shellWord } from '../lib/shell-word'
import { echoed } from '../lib/text'
import type { Flags } from './args'
import { withDeps } from './common'

/**
 * `work` on the team's endpoint `id`. An id the team does not have is said with the team it was looked for in and
 * the command that lists that team's ids: "no such webhook endpoint" alone left the user guessing which was wrong.
 */
export function onEndpoint<T>(
  flags: Flags,
  ref: string,
  id: string,
  work: (deps: AdminDeps, teamId: string) => Promise<T>,
) {
  return withDeps(flags, async (deps) => {
    const team = await findTeam(deps, ref)
    try {
      return await work(deps, team.id)
    } catch (err) {
      if (!(err instanceof AppError && err.kind === 'not_found' && err.message === noEndpointSaid(id))) throw err
      throw new AppError(
        'not_found',
        `team ${team.name} has no webhook endpoint ${echoed(id)}: lead-signals webhook list --team ${shellWord(ref)} shows its ids`,
      )
    }
  })
}
