import type { Deps } from '../../deps'
import { newId } from '../../lib/ids'
import { AppError } from '../errors'

export const MAX_NAME = 100
export const MAX_DESCRIPTION = 2000

export function checkLength(what: string, value: string, max: number): string {
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
