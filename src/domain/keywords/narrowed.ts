import type { Needs } from '../needs'
import { platformName, type SearchPlatform } from '../../config/platform-names'
import { isConfigured } from '../../platforms/configured'
import { isStreamed } from '../../platforms/streams'
import { readQuery } from '../../query/parse'
import { searchSent } from '../../query/platform-queries'
import { mayMatchOn } from '../../query/scope'

/** A keyword that some platforms search for less than it asks, with what they are sent and what the team reads. */
export type Narrowed = { keyword: string; searched: string; platforms: SearchPlatform[]; note: string }

const listed = (names: string[]) =>
  names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`

/**
 * docs/queries.md#per-platform: a platform without OR (or without room for it) is searched for the query's first
 * alternative only, and a post there that matches only another is never found. Said to the team where it adds the
 * keyword, for the platforms a polling pass searches for it: on its plan, set up here, not read as a stream (a stream
 * matches the whole query) and allowed by its `platform:` filters. Grouped by what those platforms are sent.
 */
export function narrowedSearches(deps: Needs<'config'>, plan: string, keywords: string[]): Narrowed[] {
  const searched = (deps.config.plans[plan]?.platforms ?? []).filter(
    (p) => isConfigured(deps.config, p) && !isStreamed(deps.config, p),
  )
  const viaProvider = deps.config.platforms.reddit.provider === 'apify'
  return keywords.flatMap((keyword) => {
    const root = readQuery(keyword).root
    const bySent = new Map<string, SearchPlatform[]>()
    for (const platform of searched) {
      if (!mayMatchOn(root, platform)) continue
      const sent = searchSent(platform, keyword, platform === 'reddit' && viaProvider)
      if (!sent || sent.everyAlternative) continue
      bySent.set(sent.text, [...(bySent.get(sent.text) ?? []), platform])
    }
    return [...bySent].map(([text, platforms]) => ({
      keyword,
      searched: text,
      platforms,
      note:
        `“${keyword}” is searched as “${text}” only on ${listed(platforms.map(platformName))}, whose search cannot ask ` +
        'for every alternative of it: a post there that matches only another is not found. Track each alternative as a ' +
        'keyword of its own to find those.',
    }))
  })
}
