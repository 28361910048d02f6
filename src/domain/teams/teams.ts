import type { Needs } from '../needs'
import { newId } from '../../lib/ids'
import { nearest } from '../../lib/nearest'
import type { TeamRow } from '../../storage/repos/teams'
import { databaseShown } from '../../storage/db'
import { AppError } from '../../errors'
import { issueApiKey } from '../keys/keys'
import { monthOf } from '../quota/month'
import { countersAt, usageOf } from '../quota/usage'

type TeamDeps = Needs<'config' | 'clock' | 'randomBytes', 'apiKeys' | 'teams'>

const NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,63}$/u

export function checkPlanName(deps: Needs<'config'>, plan: string) {
  if (!deps.config.plans[plan]) {
    throw new AppError('invalid_request', `unknown plan "${plan}"; plans: ${Object.keys(deps.config.plans).join(', ')}`)
  }
}

export function checkCredits(credits: number) {
  if (!Number.isSafeInteger(credits) || credits < 0)
    throw new AppError('invalid_request', 'credits must be a whole number, 0 or more')
}

/** Creates a team on a plan with its first API key; the key is returned once and stored only as a hash. */
export async function createTeam(deps: TeamDeps, a: { name: string; plan: string; credits?: number }) {
  const name = a.name.trim()
  if (!NAME.test(name))
    throw new AppError(
      'invalid_request',
      'team name must be 1 to 64 letters, digits, spaces, dots, dashes or underscores',
    )
  checkPlanName(deps, a.plan)
  const credits = a.credits ?? 0
  checkCredits(credits)
  if (await deps.repos.teams.find(name)) throw new AppError('invalid_request', `a team named "${name}" already exists`)
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
  const key = await issueApiKey(deps, { teamId: team.id, label: 'first key' })
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

/** The team a name that is none most likely meant (a typo, another case), else where to see them all. */
function meantTeam(ref: string, names: string[]): string {
  const meant = names.find((n) => n.toLowerCase() === ref.toLowerCase()) ?? nearest(ref, names)
  return meant ? `did you mean "${meant}"?` : 'lead-signals team list shows the teams'
}

/** Whether a team has this exact id or name: for a command checking what its words could also mean. */
export async function isTeam(deps: Needs<never, 'teams'>, ref: string): Promise<boolean> {
  return (await deps.repos.teams.find(ref)) !== undefined
}

export async function updateTeam(deps: TeamDeps, a: { ref: string; plan?: string; credits?: number }) {
  if (a.plan === undefined && a.credits === undefined)
    throw new AppError('invalid_request', 'give --plan and/or --credits')
  if (a.plan !== undefined) checkPlanName(deps, a.plan)
  if (a.credits !== undefined) checkCredits(a.credits)
  const team = await findTeam(deps, a.ref)
  await deps.repos.teams.update(team.id, { plan: a.plan, credits: a.credits })
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
