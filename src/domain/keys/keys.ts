import type { Needs } from '../needs'
import { newId } from '../../lib/ids'
import { AppError, refuseHiding } from '../../errors'
import { displayPrefix, generateApiKey, hashApiKey, looksLikeApiKey } from './api-key'
import { echoed, hidingIssue } from '../../lib/text'

/** A new key for the team; the secret is in the return value only. */
export async function issueApiKey(
  deps: Needs<'clock' | 'randomBytes', 'apiKeys'>,
  a: { teamId: string; label?: string },
) {
  const label = (a.label ?? '').trim()
  if (label.length > 100) throw new AppError('invalid_request', 'key label must be at most 100 characters')
  refuseHiding('label', 'key label', hidingIssue(label))
  const key = generateApiKey(deps.randomBytes)
  await deps.repos.apiKeys.insert({
    id: newId('key'),
    teamId: a.teamId,
    hash: key.hash,
    prefix: key.prefix,
    label,
    createdAt: deps.clock.now().toISOString(),
  })
  return { apiKey: key.apiKey, prefix: key.prefix }
}

/**
 * Revokes one of the team's keys, named by its prefix (as `key list` shows it) or by the whole key. A whole key must be
 * one of the team's active keys (its hash must match, not only its start); only its prefix is used from then on, so
 * the secret is never printed back. Returns the prefix revoked. A key the team has no active one of is not_found
 * (docs/api.md#error-codes), as a profile or destination that is not there: the request was well formed.
 */
export async function revokeApiKey(
  deps: Needs<'clock', 'apiKeys'>,
  a: { teamId: string; key: string },
): Promise<string> {
  const given = a.key.trim()
  let prefix = given
  if (looksLikeApiKey(given)) {
    prefix = displayPrefix(given)
    const found = await deps.repos.apiKeys.findByHash(hashApiKey(given))
    if (!found || found.team.id !== a.teamId || found.key.revokedAt) {
      throw new AppError('not_found', `the team has no active key ${prefix}… (the whole key was given)`)
    }
  }
  const revoked = await deps.repos.apiKeys.revoke(a.teamId, prefix, deps.clock.now().toISOString())
  if (!revoked) throw new AppError('not_found', `the team has no active key with prefix "${echoed(prefix)}"`)
  return prefix
}

/** The team's keys (prefix, label, created, last used, revoked); never the key itself, which is not stored. */
export async function listApiKeys(deps: Needs<never, 'apiKeys'>, a: { teamId: string }) {
  return deps.repos.apiKeys.listForTeam(a.teamId)
}
