import type { Needs } from '../domain/needs'
import { platformName, type SearchPlatform } from '../config/platform-names'
import { unreached } from '../domain/keywords/unreached'
import { reachedBy } from '../domain/keywords/reached'
import { shellWord } from '../lib/shell-word'

const names = (platforms: SearchPlatform[]) => platforms.map(platformName).join(', ')

/**
 * `keyword add`'s "Next:" line when nothing searches the keywords it added (docs/operations.md#command-line): it said
 * "poll --once searches now" of a keyword whose `platform:` filters allow only platforms the team cannot search.
 */
export function unreachedLine(deps: Needs<'config'>, team: { plan: string }, ref: string, added: string[]) {
  const none = added.length > 0 ? unreached(deps, team.plan, added) : null
  if (!none) return null
  const why = [
    none.notSetUp.length
      ? `this server is not set up to search ${names(none.notSetUp)} (lead-signals platforms check says what it needs)`
      : '',
    none.outside.length
      ? `plan ${team.plan} does not include ${names(none.outside)} (lead-signals team set --team ${shellWord(ref)} --plan PLAN gives it one that does)`
      : '',
  ]
  return `Next: nothing searches ${added.map((k) => `“${k}”`).join(', ')} yet: ${why.filter(Boolean).join('; ')}.`
}

// A running stream reads who tracks what every 15 s (docs/streams.md#backpressure).
const STREAM_READS_KEYWORDS_S = 15

/**
 * `keyword add`'s "Next:" line when something reaches the keywords it added (docs/operations.md#command-line): which
 * of the plan's platforms they allow `poll --once` searches, serve's passes search (a streamed one they leave out),
 * and serve's streams match. It told only of `poll --once` and the schedule, so "crm platform:bluesky" on a server
 * without a Bluesky account was said to be searched, when only the Bluesky stream reaches it, within 15 s.
 */
export function nextLine(deps: Needs<'config'>, plan: string, ref: string, added: string[]) {
  const { searched, scheduled, streamed } = reachedBy(deps, plan, added)
  const { enabled, schedule } = deps.config.polling
  const within = `new posts against it within ${STREAM_READS_KEYWORDS_S} s`
  const parts = [
    searched.length ? `lead-signals poll --once --team ${shellWord(ref)} searches now` : '',
    !scheduled
      ? ''
      : enabled
        ? `a running "lead-signals serve" searches on its schedule (polling.schedule ${schedule}, UTC)`
        : 'the server does not poll on a schedule here (polling.enabled = false)',
    !streamed.length
      ? ''
      : scheduled && enabled
        ? `its streams (${names(streamed)}) match ${within}`
        : `a running "lead-signals serve" streams ${names(streamed)} and matches ${within}`,
  ]
  return `Next: ${parts.filter(Boolean).join('; ')}.`
}
