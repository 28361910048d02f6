import { listClients, removeClient } from '../domain/oauth/operator'
import { AppError } from '../errors'
import { parseFlags } from './args'
import { commandGroup, formatTable, noPositionals, printJson, withDeps } from './common'
import { listedBy } from './not-there'

// docs/oauth.md#clients: the operator lists the clients apps registered and removes the ones not wanted.

async function list(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { json: { type: 'boolean' } })
  noPositionals(positionals)
  const clients = await withDeps(flags, (deps) => listClients(deps))
  if (flags.json) printJson(clients)
  else if (clients.length === 0) console.log('no OAuth clients')
  else
    console.log(
      formatTable(
        ['ID', 'NAME', 'SOURCE', 'CREATED', 'ALLOWED BY', 'REDIRECT URIS'],
        clients.map((c) => [c.id, c.name, c.source, c.createdAt, `${c.grants} users`, c.redirectUris.join(' ')]),
      ),
    )
  return 0
}

async function remove(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, {})
  if (positionals.length !== 1) throw new AppError('invalid_request', 'give one client id (see "oauth-client list")')
  await withDeps(flags, (deps) =>
    listedBy('oauth-client list shows the clients', () => removeClient(deps, positionals[0])),
  )
  console.log(`Removed OAuth client ${positionals[0]}, its grants and its tokens.`)
  return 0
}

export const oauthClient = commandGroup('oauth-client', {
  list: { usage: 'list [--json]', run: list },
  remove: { usage: 'remove CLIENT_ID', run: remove },
})
