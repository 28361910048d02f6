import { sendTestEvent } from '../domain/webhooks/deliveries'
import type { EndpointView } from '../domain/webhooks/endpoint-view'
import { createEndpoint, findEndpoint, listEndpoints, removeEndpoint } from '../domain/webhooks/endpoints'
import { unreachableLinks } from '../domain/webhooks/links'
import { findTeam } from '../domain/teams/teams'
import { AppError } from '../errors'
import { shellWord } from '../lib/shell-word'
import { parseFlags, requireFlag } from './args'
import { commandGroup, formatTable, noPositionals, printJson, withDeps } from './common'
import { onEndpoint } from './on-endpoint'
import { endpointFromFlags, saidWithFlags } from './webhook-flags'

async function add(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, {
    team: { type: 'string' },
    url: { type: 'string' },
    to: { type: 'string' },
    kind: { type: 'string' },
    event: { type: 'string' },
    cadence: { type: 'string' },
    'digest-hour': { type: 'string' },
    'time-zone': { type: 'string' },
    'quiet-hours': { type: 'string' },
    'min-score': { type: 'string' },
    intents: { type: 'string' },
    keywords: { type: 'string' },
    platforms: { type: 'string' },
    disabled: { type: 'boolean' },
    json: { type: 'boolean' },
  })
  noPositionals(positionals)
  const ref = requireFlag(flags, 'team')
  const input = endpointFromFlags(flags)
  const { made, links } = await withDeps(flags, async (deps) => {
    const teamId = (await findTeam(deps, ref)).id
    const made = await createEndpoint(deps, { teamId, input }).catch((err) => Promise.reject(saidWithFlags(err)))
    return { made, links: unreachableLinks(deps.config, made.endpoint.kind) }
  })
  // On stderr, with --json too: the output a script reads stays the destination alone.
  if (links) console.error(`warning: ${links}`)
  if (flags.json) printJson(made)
  else {
    const where = made.endpoint.to ?? made.endpoint.url
    console.log(`Added ${made.endpoint.kind} destination ${made.endpoint.id} (${made.endpoint.cadence}) for ${where}.`)
    console.log(`Signing secret (shown once): ${made.secret}`)
    // What comes next (docs/webhooks.md#delivery): the command line never delivers, so say who does.
    const what =
      made.endpoint.event === 'person.updated'
        ? 'each person turning hot'
        : made.endpoint.cadence === 'instant'
          ? 'each new signal as a polling pass or a stream finds it'
          : `its ${made.endpoint.cadence} digest of new signals`
    console.log(
      `Next: lead-signals webhook test --team ${shellWord(ref)} ${made.endpoint.id} sends it a test event now; a running "lead-signals serve" sends it ${what}.`,
    )
  }
  return 0
}

const filtersOf = (e: EndpointView) => {
  const f = e.filters
  const parts = [`score>=${f.minScore}`]
  if (f.intents) parts.push(`intents=${f.intents.join(',')}`)
  if (f.keywords) parts.push(`keywords=${f.keywords.join(',')}`)
  if (f.platforms) parts.push(`platforms=${f.platforms.join(',')}`)
  return parts.join(' ')
}
// An enabled destination's pause and failures, as the console's Destinations page tells them: a receiver that takes
// nothing shows here before the 5 days after which the service disables it (docs/webhooks.md#retries).
const stateOf = (e: EndpointView) => {
  if (!e.enabled) return e.disabledReason ? `disabled: ${e.disabledReason}` : 'disabled'
  const paused = e.pausedUntil ? `, paused until ${e.pausedUntil}: ${e.pausedReason}` : ''
  const failing = e.failingSince ? `, failing since ${e.failingSince} (disabled after 5 days of failures)` : ''
  return `enabled${failing}${paused}`
}

async function listCommand(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' }, json: { type: 'boolean' } })
  noPositionals(positionals)
  const ref = requireFlag(flags, 'team')
  const endpoints = await withDeps(flags, async (deps) =>
    listEndpoints(deps, { teamId: (await findTeam(deps, ref)).id }),
  )
  if (flags.json) printJson(endpoints)
  else if (endpoints.length === 0) console.log('the team has no webhook endpoints')
  else
    console.log(
      formatTable(
        ['ID', 'KIND', 'TO', 'CADENCE', 'STATE', 'FILTERS'],
        endpoints.map((e) => [e.id, e.kind, e.to ?? e.url ?? '', e.cadence, stateOf(e), filtersOf(e)]),
      ),
    )
  return 0
}

/** The one endpoint id a command names. */
function endpointId(positionals: string[]): string {
  if (positionals.length !== 1) throw new AppError('invalid_request', 'give one endpoint id (see "webhook list")')
  return positionals[0]
}

async function remove(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' } })
  const id = endpointId(positionals)
  await onEndpoint(flags, requireFlag(flags, 'team'), id, (deps, teamId) => removeEndpoint(deps, { teamId, id }))
  console.log(`Removed webhook endpoint ${id}.`)
  return 0
}

/** Sends a test event now; exits 1 when the receiver did not take it (it is retried on the schedule by `serve`). */
async function test(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' }, json: { type: 'boolean' } })
  const ref = requireFlag(flags, 'team')
  const endpointIdGiven = endpointId(positionals)
  const { d, endpoint } = await onEndpoint(flags, ref, endpointIdGiven, async (deps, teamId) => {
    const d = await sendTestEvent(deps, { teamId, endpointId: endpointIdGiven })
    return { d, endpoint: await findEndpoint(deps, { teamId, id: endpointIdGiven }) }
  })
  if (flags.json) printJson(d)
  else if (d.status === 'succeeded')
    console.log(`Delivered test event ${d.id}: the receiver answered ${d.lastStatusCode}.`)
  else if (d.status === 'pending')
    console.log(`Test event ${d.id} not delivered: ${d.lastError}; the server retries it at ${d.nextAttemptAt}.`)
  else {
    // Given up at once (docs/webhooks.md#retries): a chat platform's words, answer and reason at once, are said once.
    const why = endpoint.disabledReason === d.lastError ? '' : ` (${endpoint.disabledReason})`
    const disabled = endpoint.enabled
      ? ''
      : `: the endpoint is now disabled${why}; once the receiver is back, enable it on the console's Destinations page or with PATCH /api/v1/webhooks/${endpoint.id} {"enabled": true}`
    console.log(`Test event ${d.id} not delivered: ${d.lastError}; not retried${disabled}.`)
  }
  return d.status === 'succeeded' ? 0 : 1
}

export const webhook = commandGroup('webhook', {
  add: {
    usage:
      'add --team TEAM (--url URL | --to ADDRESS) [--kind webhook|slack|discord|teams|email] [--event signal.created|person.updated] [--cadence instant|hourly|daily|weekly] [--digest-hour H] [--time-zone ZONE] [--quiet-hours FROM-TO] [--min-score N] [--intents A,B] [--keywords A,B] [--platforms A,B] [--disabled] [--json]',
    run: add,
  },
  list: { usage: 'list --team TEAM [--json]', run: listCommand },
  remove: { usage: 'remove --team TEAM ENDPOINT_ID', run: remove },
  test: { usage: 'test --team TEAM ENDPOINT_ID [--json]', run: test },
})
