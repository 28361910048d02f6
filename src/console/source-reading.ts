import type { TeamSources } from '../wire/platforms'
import { serverNow } from './server-clock'
import { platformName } from './signal-facts'
import { relative } from './time'

export type Source = TeamSources['platforms'][number]

/** Its last try failed: a failure no success has come after (ISO 8601 UTC times compare as strings). */
export const failingNow = (s: Pick<Source, 'lastFailureAt' | 'lastSuccessAt'>) =>
  s.lastFailureAt !== null && s.lastFailureAt > (s.lastSuccessAt ?? '')

/**
 * How a platform is read (docs/streams.md#source-health). A search's position is the time of its last success,
 * already in its own column; a stream's is upstream's cursor (for Jetstream microseconds and a list of DIDs), so what
 * shows is when the posts it has stored up to were published. A gap stays shown
 * once it happened, so it says when: one from last month is not news.
 */
export function reading(s: Source, now = serverNow()): string {
  if (!s.stream) return 'search'
  const parts = [`stream; last hour ${s.stream.readLastHour} read, ${s.stream.matchedLastHour} matched`]
  if (s.stream.positionAt) parts.push(`stored up to posts of ${relative(s.stream.positionAt, now)}`)
  if (s.stream.lagSeconds !== null) parts.push(`${s.stream.lagSeconds} s behind`)
  // While the model is behind and the team's overflow is past the polling queue's bound (docs/streams.md#backpressure).
  const bound = s.stream.queueBound
  if (bound) parts.push(`model behind since ${relative(bound.since, now)}: ${bound.note}`)
  const gap = s.stream.gap
  if (gap) parts.push(`gap${gap.at ? ` ${relative(gap.at, now)}` : ''}: ${gap.note}`)
  if (!s.configured && s.missingSettings.length > 0)
    parts.push(`searching it needs ${s.missingSettings.map((m) => m.key).join(', ')}`)
  return parts.join('; ')
}

/**
 * A source's last error where the platform's name leads the sentence already: the server's errors begin with the
 * platform's id ("reddit answered with status 403"), some with its name, so the words after it are said, not the
 * name again ("Reddit has failed …: Reddit answered …").
 */
export function errorAfterName(platform: string, error: string): string {
  for (const name of [platform, platformName(platform)])
    if (error.toLowerCase().startsWith(`${name.toLowerCase()} `)) return error.slice(name.length + 1)
  return error
}

// docs/console.md#sources-not-answering: one failed pass is a blip the next one mends; two hours of tries without an
// answer (eight passes on the default schedule, two on an hourly one) is a source that stopped finding.
const DOWN_AFTER_MS = 2 * 3_600_000

/**
 * Failing now, and its failed tries span two hours or more: since it last answered, or for one that never answered,
 * since its first failure (`failingSince`), so a source this server never reached is said too.
 */
export const stoppedAnswering = (s: Pick<Source, 'lastFailureAt' | 'lastSuccessAt' | 'failingSince'>) => {
  const from = s.lastSuccessAt ?? s.failingSince
  return failingNow(s) && from !== null && Date.parse(s.lastFailureAt as string) - Date.parse(from) >= DOWN_AFTER_MS
}

// Since when a source that stopped answering has failed, as Getting started says it after its name.
const since = (s: Source, now: number) =>
  `failing since ${relative(s.failingSince as string, now)}${s.lastSuccessAt === null ? ' and never answered' : ''}`

/**
 * The warning's facts as Getting started says them, where it stands instead of the warning (a team with no signal
 * yet, docs/console.md#sources-not-answering): each source that stopped answering, since when; '' when none did.
 */
export function stoppedWords(sources: Source[], now = serverNow()): string {
  const each = sources.filter(stoppedAnswering).map((s) => `${platformName(s.platform)}, ${since(s, now)}`)
  return each.length ? `Stopped answering: ${each.join('; ')}.` : ''
}

/**
 * Getting started's first step when every source failed its last try (docs/console.md#getting-started): one sentence
 * per platform, its name once, with its last error, when, and since when if it stopped answering. The list and the
 * "Stopped answering" sentence after it named each platform twice. Up to five by name, as the step's other lists.
 */
export function noneAnsweringWords(failing: Source[], now = serverNow()): string {
  const named = failing.length > 5 ? failing.slice(0, 4) : failing
  const each = named.map((s) => {
    const what = errorAfterName(s.platform, s.lastError ?? 'failed').replace(/\.$/, '')
    const last = `${platformName(s.platform)}: last try ${relative(s.lastFailureAt as string, now)}, ${what}`
    return `${last}${stoppedAnswering(s) ? `; ${since(s, now)}` : ''}.`
  })
  const more = failing.length - named.length
  if (more) each.push(`${more} more failed too; the Sources page names each.`)
  return ['None of the sources set up here answered its last try.', ...each].join(' ')
}
