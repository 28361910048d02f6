import { issueApiKey, listApiKeys, revokeApiKey } from '../domain/keys/keys'
import { AppError } from '../errors'
import { findTeam } from '../domain/teams/teams'
import { parseFlags, requireFlag } from './args'
import { commandGroup, formatTable, noPositionals, printJson, withDeps } from './common'
import { keyAccessNote } from './key-access'
import { listedBy, teamFlag } from './not-there'

async function create(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, {
    team: { type: 'string' },
    name: { type: 'string' },
    json: { type: 'boolean' },
  })
  noPositionals(positionals)
  const ref = requireFlag(flags, 'team')
  const label = flags.name as string | undefined
  const key = await withDeps(flags, async (deps) => {
    const team = await findTeam(deps, ref)
    return { ...(await issueApiKey(deps, { teamId: team.id, label })), note: keyAccessNote(deps.config, team) }
  })
  if (flags.json) {
    printJson({ apiKey: key.apiKey, prefix: key.prefix, apiAccess: key.note === null, note: key.note })
    return 0
  }
  if (key.note) console.log(key.note)
  console.log(`Created API key ${key.prefix}… (shown once; only its hash is stored, so copy it now):`)
  console.log(`  ${key.apiKey}`)
  return 0
}

async function list(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' }, json: { type: 'boolean' } })
  noPositionals(positionals)
  const ref = requireFlag(flags, 'team')
  const keys = await withDeps(flags, async (deps) => listApiKeys(deps, { teamId: (await findTeam(deps, ref)).id }))
  if (flags.json) {
    printJson(keys)
    return 0
  }
  if (keys.length === 0) {
    console.log('the team has no API keys')
    return 0
  }
  console.log(
    formatTable(
      ['PREFIX', 'LABEL', 'CREATED', 'LAST USED', 'REVOKED'],
      keys.map((k) => [k.prefix, k.label || '-', k.createdAt, k.lastUsedAt ?? 'never', k.revokedAt ?? '-']),
    ),
  )
  return 0
}

async function revoke(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' } })
  const ref = requireFlag(flags, 'team')
  if (positionals.length !== 1)
    throw new AppError('invalid_request', 'give exactly one key prefix (as shown by "key list") or the whole key')
  const prefix = await withDeps(flags, async (deps) =>
    listedBy(`key list ${teamFlag(ref)} shows its keys`, async () =>
      revokeApiKey(deps, { teamId: (await findTeam(deps, ref)).id, key: positionals[0] }),
    ),
  )
  console.log(`Revoked key ${prefix}.`)
  return 0
}

export const key = commandGroup('key', {
  create: { usage: 'create --team TEAM [--name LABEL] [--json]', run: create },
  list: { usage: 'list --team TEAM [--json]', run: list },
  revoke: { usage: 'revoke --team TEAM PREFIX|KEY', run: revoke },
})
