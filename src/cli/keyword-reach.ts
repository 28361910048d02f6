import type { Needs } from '../domain/needs'
import { platformName, type SearchPlatform } from '../config/platform-names'
import { unreached } from '../domain/keywords/unreached'
import { streamedOnly } from '../domain/keywords/streamed-only'
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

/**
 * `keyword add`'s "Next:" line when every platform that reaches the keywords it added is one `serve` reads as a stream
 * (docs/streams.md): it said a running serve "searches on its schedule" of "crm platform:bluesky", which its passes
 * never search; the stream matches each post as it arrives. poll --once searches such a platform only where its search
 * is set up (Bluesky's needs an account its stream does not). null when a pass searches one of them.
 */
export function streamedLine(deps: Needs<'config'>, team: { plan: string }, ref: string, added: string[]) {
  const only = added.length > 0 ? streamedOnly(deps, team.plan, added) : null
  if (!only) return null
  const streams = only.streamed.length === 1 ? 'stream' : 'streams'
  const poll =
    only.searchable.length > 0
      ? `lead-signals poll --once --team ${shellWord(ref)} searches ${names(only.searchable)} now`
      : `poll --once cannot search ${names(only.streamed)} here (lead-signals platforms check says what its search needs)`
  return `Next: a running "lead-signals serve" matches ${added.map((k) => `“${k}”`).join(', ')} against the ${names(only.streamed)} ${streams} as posts arrive; ${poll}.`
}
