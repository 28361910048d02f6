import type { Deps } from '../deps'
import { AppError } from '../domain/errors'
import { findTeam } from '../domain/teams/teams'
import { newId } from '../lib/ids'
import { parseFlags, requireFlag } from './args'
import { commandGroup, noPositionals, printJson, withDeps } from './common'

const MAX_NAME = 100
const MAX_DESCRIPTION = 2000

function checkLength(what: string, value: string, max: number): string {
  const text = value.trim()
  if (text === '' || text.length > max) throw new AppError('invalid_request', `${what} must be 1 to ${max} characters`)
  return text
}

/** Profile names are unique per team regardless of case: the scorer reports a match by name. */
export async function addIcp(deps: Pick<Deps, 'clock' | 'repos'>, a: { teamId: string; name: string; description: string }) {
  const name = checkLength('--name', a.name, MAX_NAME)
  const description = checkLength('--description', a.description, MAX_DESCRIPTION)
  const clash = (await deps.repos.icpProfiles.list(a.teamId)).find((p) => p.name.toLowerCase() === name.toLowerCase())
  const inserted = !clash && await deps.repos.icpProfiles.insert({
    id: newId('icp'), teamId: a.teamId, name, description, createdAt: deps.clock.now().toISOString(),
  })
  if (!inserted) throw new AppError('invalid_request', `the team already has an ICP profile named "${clash?.name ?? name}"`)
  return { name, description }
}

export async function removeIcp(deps: Pick<Deps, 'repos'>, a: { teamId: string; name: string }) {
  const name = a.name.trim()
  if (!(await deps.repos.icpProfiles.remove(a.teamId, name))) throw new AppError('invalid_request', `the team has no ICP profile named "${name}"`)
}

async function add(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' }, name: { type: 'string' }, description: { type: 'string' } })
  noPositionals(positionals)
  const ref = requireFlag(flags, 'team')
  const name = checkLength('--name', requireFlag(flags, 'name'), MAX_NAME)
  const description = checkLength('--description', requireFlag(flags, 'description'), MAX_DESCRIPTION)
  await withDeps(flags, async (deps) => addIcp(deps, { teamId: (await findTeam(deps, ref)).id, name, description }))
  console.log(`Added ICP profile "${name}".`)
  return 0
}

async function list(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' }, json: { type: 'boolean' } })
  noPositionals(positionals)
  const ref = requireFlag(flags, 'team')
  const profiles = await withDeps(flags, async (deps) => deps.repos.icpProfiles.list((await findTeam(deps, ref)).id))
  if (flags.json) printJson(profiles)
  else if (profiles.length === 0) console.log('the team has no ICP profiles')
  else console.log(profiles.map((p) => `${p.name}: ${p.description}`).join('\n'))
  return 0
}

async function remove(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' }, name: { type: 'string' } })
  noPositionals(positionals)
  const ref = requireFlag(flags, 'team')
  const name = requireFlag(flags, 'name')
  await withDeps(flags, async (deps) => removeIcp(deps, { teamId: (await findTeam(deps, ref)).id, name }))
  console.log(`Removed ICP profile "${name.trim()}".`)
  return 0
}

export const icp = commandGroup('icp', {
  add: { usage: 'add --team TEAM --name NAME --description TEXT', run: add },
  list: { usage: 'list --team TEAM [--json]', run: list },
  remove: { usage: 'remove --team TEAM --name NAME', run: remove },
})
