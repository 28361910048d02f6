import type { Needs } from '../needs'
import { newId } from '../../lib/ids'
import { nearest } from '../../lib/nearest'
import type { TeamRow } from '../../storage/repos/teams'
import { databaseShown } from '../../storage/database-url'
import { AppError } from '../../errors'
import { shellWord } from '../../lib/shell-word'
import { issueApiKey } from '../keys/keys'
import { monthOf } from '../quota/month'
import { countersAt, usageOf } from '../quota/usage'

type TeamDeps = Needs<'config' | 'clock' | 'randomBytes', 'apiKeys' | 'teams'>

const NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,63}$/u

function checkPlanName(deps: Needs<'config'>, plan: string) {
  if (!deps.config.plans[plan]) {
    throw new AppError('invalid_request', `unknown plan "${plan}"; plans: ${Object.keys(deps.config.plans).join(', ')}`)
  }
}

function checkCredits(credits: number) {
  if (!Number.isSafeInteger(credits) || credits < 0)
    throw new AppError('invalid_request', 'credits must be a whole number, 0 or more')
}

function checkTeamName(raw: string): string {
  const name = raw.trim()
  if (!NAME.test(name))
    throw new AppError(
      'invalid_request',
      'team name must be 1 to 64 letters, digits, spaces, dots, dashes or underscores',
    )
  return name
}

// docs/operations.md#teams-keys-keywords-and-profiles: names are unique ignoring case, so that `--team ACME` can never
// mean two teams. Compared here, not by the database, whose lower() folds ASCII letters only.
const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** Refuses a name another team (other than `self`) has, in any case, naming that team. */
async function refuseTakenName(deps: Needs<never, 'teams'>, name: string, self?: string) {
  const taken = (await deps.repos.teams.list()).find((t) => t.id !== self && sameName(t.name, name))
  if (taken)
    throw new AppError(
      'invalid_request',
      `a team named "${taken.name}" already exists (team names are unique ignoring case); choose another name, or give --team ${shellWord(taken.name)} to the commands for that team`,
    )
}

/**
 * Teams an earlier version let be made with names that differ only in case, each group said with how to tell them
 * apart: they still work, each by its exact name or id (docs/operations.md#teams-keys-keywords-and-profiles).
 */
export function caseTwinNotes(teams: { id: string; name: string }[]): string[] {
  const groups = new Map<string, { id: string; name: string }[]>()
  for (const t of teams) groups.set(t.name.toLowerCase(), [...(groups.get(t.name.toLowerCase()) ?? []), t])
  return [...groups.values()]
    .filter((g) => g.length > 1)
    .map((g) => {
      const names = g.map((t) => `"${t.name}"`)
      const later = g[g.length - 1] as { id: string }
      return `Teams ${names.slice(0, -1).join(', ')} and ${names.at(-1)} differ only in case: give --team exactly as listed, or rename one (lead-signals team set --team ${later.id} --name NEW_NAME)`
    })
}

/** caseTwinNotes of every team, for serve's log at start. */
export async function caseTwinNotesOf(deps: Needs<never, 'teams'>): Promise<string[]> {
  return caseTwinNotes(await deps.repos.teams.list())
}

/**
 * Creates a team on a plan with its first API key; the key is returned once and stored only as a hash. `keyLabel`
 * names that key for a caller that prints it under a name of its own (serve --demo's demo key).
 */
export async function createTeam(
  deps: TeamDeps,
  a: { name: string; plan: string; credits?: number; keyLabel?: string },
) {
  const name = checkTeamName(a.name)
  checkPlanName(deps, a.plan)
  const credits = a.credits ?? 0
  checkCredits(credits)
  await refuseTakenName(deps, name)
  const now = deps.clock.now()
  const team: TeamRow = {
    id: newId('team'),
    name,
    plan: a.plan,
    credits: Math.max(credits, deps.config.plans[a.plan].monthly_credits),
    usageMonth: monthOf(now),
    quotaUsed: 0,
    creditUsed: 0,
    creditsToppedUp: 0,
    signalsVersion: 0,
    heatThreshold: 70,
    createdAt: now.toISOString(),
  }
  await deps.repos.teams.insert(team)
  const key = await issueApiKey(deps, { teamId: team.id, label: a.keyLabel ?? 'first key' })
  return { team, apiKey: key.apiKey, prefix: key.prefix }
}

/** `ref` is a team id or name (docs/operations.md#command-line). */
export async function findTeam(deps: Needs<'config', 'teams'>, ref: string): Promise<TeamRow> {
  const team = await deps.repos.teams.find(ref.trim())
  if (team) return team
  // A database with no team at all is most often not serve's: the command was run elsewhere or with another
  // configuration, so the message names the database it used (docs/operations.md#database-settings).
  const names = (await deps.repos.teams.list()).map((t) => t.name)
  throw new AppError(
    'invalid_request',
    names.length === 0
      ? `no team with id or name "${ref}": the database ${databaseShown(deps.config.database.url)} has no team at all: run the command where serve runs, or with serve's --config or LEAD_SIGNALS_DATABASE_URL`
      : `no team with id or name "${ref}"; ${meantTeam(ref.trim(), names)}`,
  )
}

/**
 * The team a name that is none most likely meant (a typo, another case: each of a pair), else where to see them all.
 */
function meantTeam(ref: string, names: string[]): string {
  const cased = names.filter((n) => sameName(n, ref)).map((n) => `"${n}"`)
  if (cased.length > 0) return `did you mean ${cased.join(' or ')}?`
  const meant = nearest(ref, names)
  return meant ? `did you mean "${meant}"?` : 'lead-signals team list shows the teams'
}

/** Whether a team has this exact id or name: for a command checking what its words could also mean. */
export async function isTeam(deps: Needs<never, 'teams'>, ref: string): Promise<boolean> {
  return (await deps.repos.teams.find(ref)) !== undefined
}

export async function updateTeam(deps: TeamDeps, a: { ref: string; name?: string; plan?: string; credits?: number }) {
  if (a.name === undefined && a.plan === undefined && a.credits === undefined)
    throw new AppError('invalid_request', 'give --name, --plan and/or --credits')
  const name = a.name === undefined ? undefined : checkTeamName(a.name)
  if (a.plan !== undefined) checkPlanName(deps, a.plan)
  if (a.credits !== undefined) checkCredits(a.credits)
  const team = await findTeam(deps, a.ref)
  if (name !== undefined) await refuseTakenName(deps, name, team.id)
  await deps.repos.teams.update(team.id, { name, plan: a.plan, credits: a.credits })
  return (await deps.repos.teams.byId(team.id)) as TeamRow
}

/** docs/operations.md#teams-keys-keywords-and-profiles: the team and everything it holds, at once. */
export async function removeTeam(deps: Needs<never, 'teams'>, teamId: string) {
  await deps.repos.teams.remove(teamId)
}

/** Each team with its plan, this month's usage and credits, as `team list` shows them. */
export async function listTeams(deps: Needs<'config' | 'clock', 'teams'>) {
  const now = deps.clock.now()
  return (await deps.repos.teams.list()).map((team) => {
    const plan = deps.config.plans[team.plan]
    const counters = plan
      ? countersAt(team, plan, now)
      : { quotaUsed: team.quotaUsed, creditUsed: team.creditUsed, credits: team.credits }
    return {
      id: team.id,
      name: team.name,
      plan: team.plan,
      usage: plan ? usageOf(plan, counters) : null,
      credits: counters.credits,
    }
  })
}

/** The plan's monthly credits when they are more than the team has and its month has already begun, else 0. */
export function creditsNextMonth(deps: Needs<'config' | 'clock'>, team: TeamRow): number {
  const allowance = deps.config.plans[team.plan]?.monthly_credits ?? 0
  // A team whose counters are still in an earlier month is topped up by its next call (docs/api.md#the-month).
  const begun = team.usageMonth >= monthOf(deps.clock.now())
  return begun && allowance > team.credits ? allowance : 0
}
