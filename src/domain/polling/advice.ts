import type { SearchPlatform } from '../../config/platform-names'
import type { Config } from '../../config/schema'
import { isStreamed } from '../../platforms/streams'
import { isKeyless, missingSettings } from '../../platforms/configured'
import type { Needs } from '../needs'
import { shellWord } from '../../lib/shell-word'
import type { PassSummary } from './summary'
import { failedLines } from './failed-lines'
import { scorerWords } from '../scoring/model-server-words'
import { heldLines } from './held-advice'

/**
 * A platform's "could not be reached", for the operator (poll --once, platforms check), with the base_url its searches
 * start from: a site that pointed it at a mirror that was not running read only "could not be reached", then advice
 * to point base_url at a mirror, and the log's ECONNREFUSED named no address. Scheme, host and port only: a user,
 * password, path or query may hold a key. Any other message is returned as it is.
 */
export function withBaseUrl(config: Pick<Config, 'platforms'>, platform: string, message: string): string {
  const base = (config.platforms as Record<string, { base_url?: string }>)[platform]?.base_url
  if (message !== `${platform} could not be reached` || !base) return message
  return `${message}; platforms.${platform}.base_url is ${new URL(base).origin}`
}

/**
 * What to check when no platform could be reached at all: the network, not the platforms (platforms check says it
 * too). Of `platforms`, those serve streams from elsewhere than their base_url: a mirror in base_url alone would serve
 * poll --once and never serve's passes, which leave streamed platforms out (docs/streams.md#turning-a-stream-off). A
 * stream that reads its base_url (Stack Overflow's and DEV's follow a moved one) is not named. `untried`: the streams
 * poll --once and platforms check did not try, their platform not searchable here (streamedWithoutSearch), named apart.
 */
export function noPlatformAnswered(
  config: Pick<Config, 'platforms'>,
  platforms: string[],
  untried: string[] = [],
): string {
  const line =
    'no platform answered: check that this machine can reach them (a firewall, a proxy, no internet access); a site without internet access points base_url at a mirror (docs/platforms.md)'
  const table = (p: string) => (config.platforms as Record<string, { base_url?: string; stream_url?: unknown }>)[p]
  const streamed = platforms.filter((p) => isStreamed(config, p) && table(p)?.stream_url !== table(p)?.base_url).sort()
  const one = streamed.length === 1
  const searched =
    streamed.length === 0
      ? ''
      : `; serve streams ${streamed.join(', ')} instead of searching ${one ? 'it' : 'them'}: point ${one ? 'its' : 'their'} stream_url at a mirror too, or set mode = "search" (docs/streams.md#turning-a-stream-off)`
  // A stream whose platform cannot be searched here was not tried at all: serve reads it all the same.
  const also =
    untried.length === 0
      ? ''
      : `; serve also streams ${[...untried].sort().join(', ')} without the settings ${untried.length === 1 ? 'its search needs' : 'their searches need'}, which this command did not try: point stream_url at a mirror too, or set mode = "search" to leave ${untried.length === 1 ? 'it' : 'them'} out (docs/streams.md#turning-a-stream-off)`
  return line + searched + also
}

/**
 * What `platforms check` adds to a source it cannot search for want of settings, when serve streams it without them
 * (Bluesky's Jetstream needs no account: docs/streams.md): where the stream reads (scheme, host and port only) and that
 * the check, which sends searches only, did not try it. Undefined for any other source.
 */
export function streamedWithoutSearch(config: Pick<Config, 'platforms'>, platform: string): string | undefined {
  if (!isStreamed(config, platform)) return undefined
  const urls = [(config.platforms as Record<string, { stream_url?: string | string[] }>)[platform]?.stream_url ?? []]
  const hosts = urls.flat().map((u) => new URL(u).origin)
  return `serve streams ${platform} from ${hosts.join(', ')} without them; this check tries searches only, so the stream was not tried (docs/streams.md)`
}

/**
 * docs/operations.md#one-pass-at-a-time: a pass that found the polling lease held did nothing, and exit status 0 (it
 * is no failure) said nothing of what to do: the other pass searches the keywords, so waiting is the answer.
 */
function leaseHeldElsewhere(polling: { enabled: boolean; schedule: string }): string {
  const schedule = polling.enabled ? ` (which polls on its schedule, polling.schedule ${polling.schedule}, UTC)` : ''
  return `another process is polling this database now: a running "lead-signals serve"${schedule} or another poll --once; its pass searches the keywords, so wait for it to finish, then run poll --once again if you still want a pass of your own`
}

/**
 * A team tracking keywords on a plan that includes no platform (starter, as shipped) has nothing searched, and a
 * table of zeros said nothing of why: its plan is the thing to change, with the plans that would search for it.
 */
function noPlatformPlans(config: Pick<Config, 'plans'>, teams: { name: string; plan: string }[]): string[] {
  const searching = searchingPlans(config)
  return teams
    .filter((t) => config.plans[t.plan]?.platforms.length === 0)
    .map(
      (t) =>
        `team ${t.name} is on plan ${t.plan}, which includes no platform, so nothing is searched for it: give it a plan that does with  lead-signals team set --team ${shellWord(t.name)} --plan PLAN  ${searching.length ? `(${searching.join(', ')})` : '(none of the configured plans includes one yet: see [plans] in the configuration file)'}`,
    )
}

/** The configured plans that include a platform: those a team with nothing searched could be given. */
export const searchingPlans = (config: Pick<Config, 'plans'>) =>
  Object.keys(config.plans).filter((name) => (config.plans[name]?.platforms.length ?? 0) > 0)

/** The signals a pass stored, and where to see them: the pass worked, whatever the lines after say it could not do. */
function found(qualified: number, teams: { name: string }[]): string[] {
  if (qualified === 0) return []
  const team = teams.length === 1 ? shellWord(teams[0]?.name ?? '') : 'TEAM'
  const them = qualified === 1 ? '1 new signal: see it' : `${qualified} new signals: see them`
  return [`${them} with  lead-signals signals export --team ${team}  or on the console's Signals page`]
}

/**
 * docs/operations.md#when-a-pass-finds-nothing: what `poll --once` adds under its table when a pass could not find
 * everything it was asked to, so a new install learns why it has no leads: no team or no keyword yet, the platforms
 * of the teams' plans this server cannot search (with the settings, as keys and environment variables, that would
 * let it), the platforms whose every search failed, and a model that could not answer. Empty when there is nothing to
 * say.
 */
export async function passAdvice(
  deps: Needs<'config' | 'searches', 'teams' | 'keywords' | 'platformHealth' | 'webhookEndpoints'>,
  summary: PassSummary,
  teamId?: string,
): Promise<string[]> {
  if (summary.outcome === 'skipped') return [leaseHeldElsewhere(deps.config.polling)]
  const teams = (await deps.repos.teams.list()).filter((t) => !teamId || t.id === teamId)
  if (teams.length === 0) return ['no team yet: create one with  lead-signals team create --name NAME --plan growth']
  const tracking = new Set((await deps.repos.keywords.all(teamId)).map((k) => k.teamId))
  if (tracking.size === 0)
    return [
      `no team tracks a keyword yet: add one with  lead-signals keyword add --team ${shellWord(teams[0]?.name ?? '')} "KEYWORD"`,
    ]
  const wanted = new Set<SearchPlatform>()
  for (const t of teams)
    if (tracking.has(t.id)) for (const p of deps.config.plans[t.plan]?.platforms ?? []) wanted.add(p)
  const lines: string[] = found(
    summary.totals.qualified,
    teams.filter((t) => tracking.has(t.id)),
  )
  lines.push(
    ...noPlatformPlans(
      deps.config,
      teams.filter((t) => tracking.has(t.id)),
    ),
  )
  const unconfigured = [...wanted].filter((p) => !deps.searches.isAvailable(p)).sort()
  if (unconfigured.length > 0) {
    lines.push('not searched, not configured here (set these in the config file or the environment, then poll again):')
    for (const p of unconfigured) {
      const settings = missingSettings(deps.config, p)
      // Bluesky's stream needs no account while its search does (docs/streams.md): serve reads it all the same.
      const streamed = isStreamed(deps.config, p)
        ? `, for this command only: serve reads ${p} as a stream without them (docs/streams.md)`
        : ''
      lines.push(`  ${p}: ${settings.map((s) => `${s.key} (${s.env})`).join(', ')}${streamed}`)
    }
  }
  const failed = Object.entries(summary.platforms).filter(([, c]) => c.searches > 0 && c.failed === c.searches)
  // Why, as source health keeps it: the platform's own message (never a URL or a body), written as the search failed.
  const health = failed.length || summary.totals.deferred ? await deps.repos.platformHealth.list() : []
  lines.push(...failedLines(deps.config, summary, failed, new Map(health.map((h) => [h.platform, h.lastError]))))
  lines.push(...heldLines(summary, health))
  // Every platform searched failed, some for want of a connection: the console's checklist says the same
  // (docs/console.md#getting-started). Waiting for the next pass will not help; the network will.
  const searched = Object.values(summary.platforms).filter((c) => c.searches > 0).length
  const unreachable = failed.some(([p]) => summary.failuresLoggedAs[p] === 'platform_unreachable')
  if (failed.length > 0 && failed.length === searched && unreachable)
    lines.push(
      noPlatformAnswered(
        deps.config,
        failed.map(([p]) => p),
        // As platforms check names them: serve streams these without the settings their searches need.
        unconfigured.filter((p) => isStreamed(deps.config, p)),
      ),
    )
  // With scorer.fallback = "none" a pass leaves what the model could not judge queued; the reason is the model's, and
  // scorer check is what finds it (docs/scoring.md#checking-the-model-server).
  if (summary.scorerUnavailable) {
    const n = summary.totals.pending
    lines.push(
      `${scorerWords(deps.config.scorer.backend)} could not answer, so ${n} mention${n === 1 ? ' waits' : 's wait'} for the next pass (scorer.fallback = "none"): lead-signals scorer check says why`,
    )
  }
  // The command line stores deliveries and never sends them (docs/webhooks.md#delivery): without this line a new team
  // that added a webhook sees "qualified 1" and waits for a request that only a running server makes.
  const waiting = await deps.repos.webhookEndpoints.pendingDeliveries(teams.map((t) => t.id))
  if (waiting > 0)
    lines.push(
      `${waiting === 1 ? '1 delivery to a destination waits' : `${waiting} deliveries to destinations wait`} to be sent: a running "lead-signals serve" on this database sends ${waiting === 1 ? 'it' : 'them'}; this command does not (docs/webhooks.md#delivery)`,
    )
  const keyless = [...wanted].filter((p) => isKeyless(p) && deps.searches.isAvailable(p)).sort()
  if (summary.totals.qualified === 0 && keyless.length > 0)
    lines.push(`searched with no key needed: ${keyless.join(', ')}`)
  return lines
}
