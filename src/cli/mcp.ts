import { readConfig } from '../config/read'
import { buildDeps } from '../deps'
import { AppError } from '../errors'
import { authenticate } from '../domain/keys/authenticate'
import { giveBackUnfinished } from '../domain/quota/charge'
import { type StdioEnd, serveStdio } from '../mcp/stdio'
import { parseFlags } from './args'
import { noPositionals } from './common'
import { requireDatabaseFile } from './with-deps'

const KEY_VARIABLE = 'LEAD_SIGNALS_API_KEY'

/**
 * `mcp [--api-key KEY]`: the MCP tools over stdio for the team of the key, on the configured database. stdout
 * carries protocol messages only; logs go to stderr. Ends when the client closes stdin, or on SIGINT/SIGTERM.
 */
export async function mcp(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { 'api-key': { type: 'string' } })
  noPositionals(positionals)
  const key = typeof flags['api-key'] === 'string' ? flags['api-key'] : process.env[KEY_VARIABLE]
  if (!key?.trim())
    throw new AppError('invalid_request', `mcp: give the team's API key with --api-key or ${KEY_VARIABLE}`)
  // Anything printed through console (a library's notice) would corrupt the protocol stream; the transport writes
  // to process.stdout itself.
  console.log = console.info = console.debug = console.error
  const config = readConfig(flags.config as string | undefined)
  requireDatabaseFile(config)
  const deps = await buildDeps(config)
  let ended: StdioEnd | undefined
  try {
    // A wrong key, a revoked one or a plan without API access stops here, before any protocol message.
    await authenticate(deps, key).catch((error) => {
      throw error instanceof AppError ? new AppError('invalid_request', `mcp: ${error.message}`) : error
    })
    ended = await serveStdio(deps, key)
    return 0
  } finally {
    // Counted calls' units and chart additions still in memory are written before the database closes; after a
    // signal that includes the units of calls it cut off, which got no answer.
    await giveBackUnfinished(deps).catch(() => 0)
    deps.database.client.close()
    // docs/operations.md#shutdown: a signal, or a client that no longer reads stdout, ends the command now. Left to
    // end on its own, it waited for the client to close stdin (never, from a terminal, until Ctrl-D) and for calls
    // still running, on a closed database, or for answers that can never be written.
    if (ended === 'signal' || ended === 'output') process.exit(0)
  }
}
