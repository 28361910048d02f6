import { AppError } from '../../errors'
import type { Needs } from '../needs'
import type { Caller } from '../core/caller'
import { noApiAccess, planOf } from '../core/plans'
import { hashApiKey, looksLikeApiKey } from './api-key'

type AuthDeps = Needs<'config' | 'clock' | 'log', 'apiKeys'>

// Writing `last_used_at` on every request would make each read a write; a minute of precision is enough for a list.
const TOUCH_EVERY_MS = 60_000

/** docs/api.md#order-of-checks: the key (401), then the plan's API access (403). */
export async function authenticate(deps: AuthDeps, rawKey: string | null | undefined): Promise<Caller> {
  const key = rawKey?.trim()
  if (!key)
    throw new AppError(
      'missing_api_key',
      'send your API key in the x-api-key header, or an OAuth access token as Authorization: Bearer',
    )
  if (!looksLikeApiKey(key)) throw new AppError('invalid_api_key', 'the API key is not valid')
  const found = await deps.repos.apiKeys.findByHash(hashApiKey(key))
  if (!found || found.key.revokedAt) throw new AppError('invalid_api_key', 'the API key is not valid')
  const plan = planOf(deps.config, found.team.plan)
  if (!plan.api_access) throw noApiAccess(deps.config, found.team)
  touchLater(deps, found.key)
  return { team: found.team, plan }
}

function touchLater(deps: AuthDeps, key: { id: string; lastUsedAt: string | null }) {
  const now = deps.clock.now()
  const last = deps.repos.apiKeys.lastUse(key.id, key.lastUsedAt)
  if (last && now.getTime() - Date.parse(last) < TOUCH_EVERY_MS) return
  deps.repos.apiKeys.touch(key.id, now.toISOString()).catch((err) => deps.log.warn('key_touch_failed', { err }))
}
