import { findTeam } from '../domain/teams/teams'
import { listKeywords } from '../domain/keywords/keywords'
import { shellWord } from '../lib/shell-word'
import { visible } from '../lib/text'
import {
  addIcp,
  checkLength,
  cleanCompetitors,
  MAX_DESCRIPTION,
  MAX_NAME,
  listIcps,
  removeIcp,
} from '../domain/icps/icps'
import { parseFlags, requireFlag } from './args'
import { commandGroup, noPositionals, printJson, withDeps } from './common'
import { listedBy, teamFlag } from './not-there'

async function add(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, {
    team: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    competitors: { type: 'string' },
  })
  noPositionals(positionals)
  const ref = requireFlag(flags, 'team')
  const name = checkLength('--name', requireFlag(flags, 'name'), MAX_NAME)
  const description = checkLength('--description', requireFlag(flags, 'description'), MAX_DESCRIPTION)
  const competitors = cleanCompetitors(flags.competitors as string | undefined)
  const keywords = await withDeps(flags, async (deps) => {
    const teamId = (await findTeam(deps, ref)).id
    await addIcp(deps, { teamId, name, description, competitors })
    return (await listKeywords(deps, { teamId })).length
  })
  console.log(`Added ICP profile "${visible(name)}".`)
  console.log(nextAfterProfile(shellWord(ref), keywords > 0))
  return 0
}

/**
 * What an added profile does, as `keyword add` says what comes next: a pass scores each post once, against the
 * profiles the team has then (docs/operations.md#what-a-pass-does), so it acts on the posts the next pass finds, and
 * a signal's match is its icpMatch. A team with no keyword has no pass to run yet: the keyword comes first.
 */
function nextAfterProfile(team: string, tracking: boolean): string {
  if (!tracking)
    return `Next: lead-signals keyword add --team ${team} "KEYWORD" says what to search for; each post a pass then finds is matched to the team's profiles, this one included.`
  return `Next: lead-signals poll --once --team ${team} searches now and matches each post it finds to the team's profiles, this one included (signals stored before keep the match they were scored with); lead-signals signals export --team ${team} shows each signal's match in its icpMatch column.`
}

async function list(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' }, json: { type: 'boolean' } })
  noPositionals(positionals)
  const ref = requireFlag(flags, 'team')
  const profiles = await withDeps(flags, async (deps) => listIcps(deps, { teamId: (await findTeam(deps, ref)).id }))
  if (flags.json) printJson(profiles)
  else if (profiles.length === 0) console.log('the team has no ICP profiles')
  else
    console.log(
      profiles
        .map((p) =>
          visible(
            `${p.name}: ${p.description}${p.competitors.length ? ` (competitors: ${p.competitors.join(', ')})` : ''}`,
          ),
        )
        .join('\n'),
    )
  return 0
}

async function remove(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' }, name: { type: 'string' } })
  noPositionals(positionals)
  const ref = requireFlag(flags, 'team')
  const name = requireFlag(flags, 'name')
  const { removed } = await withDeps(flags, async (deps) =>
    listedBy(`icp list ${teamFlag(ref)} shows its profiles`, async () =>
      removeIcp(deps, { teamId: (await findTeam(deps, ref)).id, name }),
    ),
  )
  // The name as stored: one from before names were checked may hold what a terminal would run.
  console.log(`Removed ICP profile "${visible(removed)}".`)
  return 0
}

export const icp = commandGroup('icp', {
  add: { usage: 'add --team TEAM --name NAME --description TEXT [--competitors "A, B"]', run: add },
  list: { usage: 'list --team TEAM [--json]', run: list },
  remove: { usage: 'remove --team TEAM --name NAME', run: remove },
})
