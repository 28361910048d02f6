import type { Needs } from '../needs'
import { newId } from '../../lib/ids'
import { AppError } from '../../errors'
import { generateApiKey } from './api-key'

/** A new key for the team; the secret is in the return value only. */
export async function issueApiKey(deps: Needs<'clock' | 'randomBytes', 'apiKeys'>, a: { teamId: string; label?: string }) {
  const label = (a.label ?? '').trim()
  if (label.length > 100) throw new AppError('invalid_request', 'key label must be at most 100 characters')
  const key = generateApiKey(deps.randomBytes)
  await deps.repos.apiKeys.insert({
    id: newId('key'), teamId: a.teamId, hash: key.hash, prefix: key.prefix, label, createdAt: deps.clock.now().toISOString(),
  })
  return { apiKey: key.apiKey, prefix: key.prefix }
}

export async function revokeApiKey(deps: Needs<'clock', 'apiKeys'>, a: { teamId: string; prefix: string }) {
  const revoked = await deps.repos.apiKeys.revoke(a.teamId, a.prefix.trim(), deps.clock.now().toISOString())
  if (!revoked) throw new AppError('invalid_request', `the team has no active key with prefix "${a.prefix}"`)
}

/** The team's keys (prefix, label, created, last used, revoked); never the key itself, which is not stored. */
export async function listApiKeys(deps: Needs<never, 'apiKeys'>, a: { teamId: string }) {
  return deps.repos.apiKeys.listForTeam(a.teamId)
}
