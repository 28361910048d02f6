import { findTeam } from '../domain/teams/teams'
import { listIcps } from '../domain/icps/icps'
import { addKeywords, cleanKeywords, listKeywords, quoted, removeKeywords } from '../domain/keywords/keywords'
import { narrowedSearches } from '../domain/keywords/narrowed'
import { shellWord } from '../lib/shell-word'
import { parseFlags, requireFlag } from './args'
import { commandGroup, noPositionals, printJson, withDeps } from './common'
import { queriesOf, refuseUnquotedQuery } from './query-args'
import { refuseSplitTeamName } from './team-words'
import { listedBy, teamFlag } from './not-there'
import { searchingPlans } from '../domain/polling/advice'
import { nextLine, unreachedLine } from './keyword-reach'

async function add(argv: string[]): Promise<number> {
  refuseUnquotedQuery('keyword add', argv)
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' } })
  const ref = requireFlag(flags, 'team')
  const keywords = queriesOf('keyword add', argv, positionals)
  const { result, narrowed, next, profiles, unsearched, nowhere } = await withDeps(flags, async (deps) => {
    await refuseSplitTeamName(deps, 'keyword add', argv)
    const team = await findTeam(deps, ref)
    const teamId = team.id
    const result = await addKeywords(deps, { teamId, keywords })
    return {
      result,
      narrowed: narrowedSearches(deps, team.plan, result.added),
      next: nextLine(deps, team.plan, ref, result.added),
      // A plan with no platform searches nothing (starter, as shipped): poll --once would print a table of zeros.
      unsearched: deps.config.plans[team.plan]?.platforms.length === 0 && {
        plan: team.plan,
        plans: searchingPlans(deps.config),
      },
      profiles: (await listIcps(deps, { teamId })).length,
      nowhere: unreachedLine(deps, team, ref, result.added),
    }
  })
  if (result.added.length > 0) console.log(`Now tracking ${quoted(result.added)}.`)
  if (result.alreadyTracked.length > 0) console.log(`Already tracked: ${quoted(result.alreadyTracked)}.`)
  for (const n of narrowed) console.log(n.note)
  // A pass scores each post once, against the profiles the team has then (docs/operations.md#what-a-pass-does): the
  // README's order puts the profile before the pass, and "Next: poll --once" alone sent a new team past it.
  if (result.added.length > 0 && profiles === 0)
    console.log(
      `Before a pass: lead-signals icp add --team ${shellWord(ref)} --name NAME --description TEXT says who buys from you, so each lead a pass finds is matched to it.`,
    )
  if (result.added.length > 0 && unsearched)
    console.log(
      `Next: plan ${unsearched.plan} includes no platform, so nothing is searched for this team: lead-signals team set --team ${shellWord(ref)} --plan PLAN gives it one that does (${unsearched.plans.join(', ')}).`,
    )
  else if (nowhere) console.log(nowhere)
  // When it is searched or matched (docs/operations.md#keyword-polling, docs/streams.md).
  else if (result.added.length > 0) console.log(next)
  return 0
}

async function list(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' }, json: { type: 'boolean' } })
  noPositionals(positionals)
  const ref = requireFlag(flags, 'team')
  const keywords = await withDeps(flags, async (deps) => listKeywords(deps, { teamId: (await findTeam(deps, ref)).id }))
  if (flags.json) printJson(keywords)
  else if (keywords.length === 0) console.log('the team tracks no keywords')
  else console.log(keywords.join('\n'))
  return 0
}

async function remove(argv: string[]): Promise<number> {
  refuseUnquotedQuery('keyword remove', argv)
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' } })
  const ref = requireFlag(flags, 'team')
  const keywords = cleanKeywords(positionals)
  const removed = await withDeps(flags, async (deps) => {
    await refuseSplitTeamName(deps, 'keyword remove', argv)
    return listedBy(`keyword list ${teamFlag(ref)} shows its keywords`, async () =>
      removeKeywords(deps, { teamId: (await findTeam(deps, ref)).id, keywords }),
    )
  })
  console.log(`No longer tracking ${quoted(removed)}.`)
  return 0
}

export const keyword = commandGroup('keyword', {
  add: { usage: 'add --team TEAM KEYWORD...', run: add },
  list: { usage: 'list --team TEAM [--json]', run: list },
  remove: { usage: 'remove --team TEAM KEYWORD...', run: remove },
})
