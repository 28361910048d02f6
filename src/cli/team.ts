import { readConfig } from '../config/read'
import { AppError } from '../errors'
import { shellWord } from '../lib/shell-word'
import {
  caseTwinNotes,
  createTeam,
  creditsNextMonth,
  findTeam,
  listTeams,
  removeTeam,
  updateTeam,
} from '../domain/teams/teams'
import { intFlag, parseFlags, requireFlag } from './args'
import { commandGroup, formatTable, noPositionals, printJson, withDeps } from './common'
import { keyAccessNote } from './key-access'
import { planAllowance } from './plan-allowance'

async function create(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, {
    name: { type: 'string' },
    plan: { type: 'string' },
    credits: { type: 'string' },
    json: { type: 'boolean' },
  })
  noPositionals(positionals)
  const name = requireFlag(flags, 'name')
  // The plans are the configuration's own: named here, so the first command is not learnt by a wrong guess.
  if (typeof flags.plan !== 'string' || flags.plan.trim() === '') {
    const plans = Object.keys(readConfig(flags.config as string | undefined).plans).join(', ')
    throw new AppError('invalid_request', `--plan is required: one of ${plans} (docs/api.md#plans)`)
  }
  const plan = flags.plan
  const credits = intFlag(flags, 'credits')
  const made = await withDeps(
    flags,
    async (deps) => {
      const made = await createTeam(deps, { name, plan, credits })
      const allowance = planAllowance(deps.config, made.team.plan, made.team.credits)
      return { ...made, allowance, note: keyAccessNote(deps.config, made.team) }
    },
    { create: true },
  )
  if (flags.json) {
    // apiAccess and note: what the text output says of a plan without API access, for a script to read.
    const { id, name, plan } = made.team
    printJson({ id, name, plan, apiKey: made.apiKey, apiAccess: made.note === null, note: made.note })
    return 0
  }
  console.log(`Created team "${made.team.name}" (${made.team.id}) on plan ${made.team.plan}${made.allowance}.`)
  // What comes next, as keyword add and icp add end on it; before the key, which a script keeps with tail -1.
  const team = shellWord(made.team.name)
  console.log(
    `Next: lead-signals keyword add --team ${team} "KEYWORD" says what to search for; lead-signals user create --team ${team} --email EMAIL --role owner lets you sign in to the console.`,
  )
  if (made.note) console.log(made.note)
  console.log('API key (shown once; only its hash is stored, so copy it now):')
  console.log(`  ${made.apiKey}`)
  return 0
}

async function list(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { json: { type: 'boolean' } })
  noPositionals(positionals)
  const teams = await withDeps(flags, (deps) => listTeams(deps))
  if (flags.json) {
    printJson(teams)
    return 0
  }
  if (teams.length === 0) {
    console.log('no teams yet; create one with: lead-signals team create --name NAME --plan PLAN')
    return 0
  }
  const count = (n: number | null | undefined) => (n === null ? 'unlimited' : n === undefined ? '-' : String(n))
  console.log(
    formatTable(
      ['NAME', 'ID', 'PLAN', 'USED', 'LIMIT', 'REMAINING', 'CREDITS'],
      teams.map((t) => [
        t.name,
        t.id,
        t.plan,
        count(t.usage?.used),
        count(t.usage?.limit),
        count(t.usage?.remaining),
        String(t.credits),
      ]),
    ),
  )
  for (const note of caseTwinNotes(teams)) console.log(note)
  return 0
}

async function set(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, {
    team: { type: 'string' },
    name: { type: 'string' },
    plan: { type: 'string' },
    credits: { type: 'string' },
  })
  noPositionals(positionals)
  const ref = requireFlag(flags, 'team')
  const name = flags.name === undefined ? undefined : requireFlag(flags, 'name')
  const plan = flags.plan === undefined ? undefined : requireFlag(flags, 'plan')
  const credits = intFlag(flags, 'credits')
  const { team, topUpLater } = await withDeps(flags, async (deps) => {
    const team = await updateTeam(deps, { ref, name, plan, credits })
    return { team, topUpLater: plan === undefined || credits !== undefined ? 0 : creditsNextMonth(deps, team) }
  })
  console.log(`Team "${team.name}": plan ${team.plan}, credits ${team.credits}.`)
  // docs/api.md#plans: a team moved onto a credit plan gets its credits at the next month's start; until then a
  // plan without monthly requests refuses every call, which the operator would otherwise learn from the team.
  if (topUpLater > 0)
    console.log(
      `The ${team.plan} plan tops the balance up to ${topUpLater} credits at the start of next month (UTC), not now: ` +
        `until then the team has ${team.credits}. To give them now: ` +
        `lead-signals team set --team ${shellWord(team.name)} --credits ${topUpLater}`,
    )
  return 0
}

async function remove(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' }, yes: { type: 'boolean' } })
  noPositionals(positionals)
  const ref = requireFlag(flags, 'team')
  const removed = await withDeps(flags, async (deps) => {
    const found = await findTeam(deps, ref)
    // Named before it is confirmed, so that a user who typed the wrong team sees which one it would have been.
    if (flags.yes !== true)
      throw new AppError(
        'invalid_request',
        `this removes team "${found.name}" with its keys, users, keywords, profiles, signals and destinations, and cannot be undone; add --yes to confirm`,
      )
    await removeTeam(deps, found.id)
    return found
  })
  console.log(`Removed team "${removed.name}" (${removed.id}) and everything it held.`)
  return 0
}

export const team = commandGroup('team', {
  create: { usage: 'create --name NAME --plan PLAN [--credits N] [--json]', run: create },
  list: { usage: 'list [--json]', run: list },
  set: { usage: 'set --team TEAM [--name NAME] [--plan PLAN] [--credits N]', run: set },
  remove: { usage: 'remove --team TEAM --yes', run: remove },
})
