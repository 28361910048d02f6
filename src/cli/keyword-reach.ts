import type { Needs } from '../domain/needs'
import { platformName, type SearchPlatform } from '../config/platform-names'
import { unreached } from '../domain/keywords/unreached'
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
