import type { Deps } from '../deps'
import { displayPrefix, hashApiKey, looksLikeApiKey } from '../domain/keys/api-key'
import { issueApiKey, revokeApiKey } from '../domain/keys/keys'
import { AppError } from '../domain/errors'
import { findTeam } from '../domain/teams/teams'
import { parseFlags, requireFlag } from './args'
import { commandGroup, formatTable, noPositionals, printJson, withDeps } from './common'

async function create(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' }, name: { type: 'string' }, json: { type: 'boolean' } })
  noPositionals(positionals)
  const ref = requireFlag(flags, 'team')
  const label = flags.name as string | undefined
  const key = await withDeps(flags, async (deps) => issueApiKey(deps, { teamId: (await findTeam(deps, ref)).id, label }))
  if (flags.json) {
    printJson({ apiKey: key.apiKey, prefix: key.prefix })
    return 0
  }
  console.log(`Created API key ${key.prefix}… (shown once; only its hash is stored, so copy it now):`)
  console.log(`  ${key.apiKey}`)
  return 0
}

async function list(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' }, json: { type: 'boolean' } })
  noPositionals(positionals)
  const ref = requireFlag(flags, 'team')
  const keys = await withDeps(flags, async (deps) => deps.repos.apiKeys.listForTeam((await findTeam(deps, ref)).id))
  if (flags.json) {
    printJson(keys)
    return 0
  }
  if (keys.length === 0) {
    console.log('the team has no API keys')
    return 0
  }
  console.log(formatTable(
    ['PREFIX', 'LABEL', 'CREATED', 'LAST USED', 'REVOKED'],
    keys.map((k) => [k.prefix, k.label || '-', k.createdAt, k.lastUsedAt ?? 'never', k.revokedAt ?? '-']),
  ))
  return 0
}

async function revoke(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' } })
  const ref = requireFlag(flags, 'team')
  if (positionals.length !== 1) throw new AppError('invalid_request', 'give exactly one key prefix (as shown by "key list") or the whole key')
  const given = positionals[0].trim()
  const prefix = await withDeps(flags, async (deps) => {
    const teamId = (await findTeam(deps, ref)).id
    const prefix = looksLikeApiKey(given) ? await prefixOfWholeKey(deps, teamId, given) : given
    await revokeApiKey(deps, { teamId, prefix })
    return prefix
  })
  console.log(`Revoked key ${prefix}.`)
  return 0
}

/**
 * A whole key, pasted: it must be one of the team's active keys (its hash, not only its start, must match), and from
 * here on only its prefix is used, so the secret is never printed back.
 */
async function prefixOfWholeKey(deps: Deps, teamId: string, apiKey: string): Promise<string> {
  const found = await deps.repos.apiKeys.findByHash(hashApiKey(apiKey))
  if (!found || found.team.id !== teamId || found.key.revokedAt) {
    throw new AppError('invalid_request', `the team has no active key ${displayPrefix(apiKey)}… (the whole key was given)`)
  }
  return displayPrefix(apiKey)
}

export const key = commandGroup('key', {
  create: { usage: 'create --team TEAM [--name LABEL] [--json]', run: create },
  list: { usage: 'list --team TEAM [--json]', run: list },
  revoke: { usage: 'revoke --team TEAM PREFIX|KEY', run: revoke },
})
