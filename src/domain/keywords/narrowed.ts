import type { Needs } from '../needs'
import { platformName, type SearchPlatform } from '../../config/platform-names'
import { isConfigured } from '../../platforms/configured'
import { isStreamed } from '../../platforms/streams'
import { readQuery } from '../../query/parse'
import { searchSent } from '../../query/platform-queries'
import { mayMatchOn } from '../../query/scope'

/** A keyword that some platforms search for less than it asks, with what they are sent and what the team reads. */
type Narrowed = { keyword: string; searched: string; platforms: SearchPlatform[]; note: string }

const listed = (names: string[], and = 'and') =>
  names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} ${and} ${names[names.length - 1]}`

/** What the team reads: where the keyword is searched for less, why, and how to find the rest. */
function noteOf(keyword: string, searched: string, platforms: SearchPlatform[], firstOnly: boolean, stems: string[]) {
  const on = `“${keyword}” is searched as “${searched}” ${firstOnly ? 'only ' : ''}on ${listed(platforms.map(platformName))}`
  const longer = `has only a longer word starting with ${listed(
    stems.map((s) => `“${s}”`),
    'or',
  )}`
  if (stems.length === 0)
    return (
      `${on}, whose search cannot ask for every alternative of it: a post there that matches only another is not ` +
      'found. Track each alternative as a keyword of its own to find those.'
    )
  if (!firstOnly)
    return (
      `${on}, whose search takes no prefix: a post there that ${longer} is not found. Track the whole words you mean ` +
      'as keywords of their own to find those.'
    )
  return (
    `${on}, whose search cannot ask for every alternative of it nor take a prefix: a post there that matches only ` +
    `another alternative, or ${longer}, is not found. Track each alternative and each whole word you mean as a ` +
    'keyword of its own to find those.'
  )
}

/**
 * docs/queries.md#per-platform: a platform without OR (or without room for it) is searched for the query's first
 * alternative only, and a post there that matches only another is never found; one without prefixes is sent a
 * prefix's stem (docs/platforms.md#keyword-queries), and a post there that has only a longer word may not be found.
 * Said to the team where it adds the keyword, for the platforms a polling pass searches for it: on its plan, set up
 * here, not read as a stream (a stream matches the whole query) and allowed by its `platform:` filters. Grouped by
 * what those platforms are sent.
 */
export function narrowedSearches(deps: Needs<'config'>, plan: string, keywords: string[]): Narrowed[] {
  const searched = (deps.config.plans[plan]?.platforms ?? []).filter(
    (p) => isConfigured(deps.config, p) && !isStreamed(deps.config, p),
  )
  const viaProvider = deps.config.platforms.reddit.provider === 'apify'
  return keywords.flatMap((keyword) => {
    const root = readQuery(keyword).root
    const bySent = new Map<string, { text: string; firstOnly: boolean; stems: string[]; platforms: SearchPlatform[] }>()
    for (const platform of searched) {
      if (!mayMatchOn(root, platform)) continue
      const sent = searchSent(platform, keyword, platform === 'reddit' && viaProvider)
      if (!sent || (sent.everyAlternative && sent.stems.length === 0)) continue
      const key = `${sent.everyAlternative}\u0000${sent.text}`
      const group = bySent.get(key) ?? {
        text: sent.text,
        firstOnly: !sent.everyAlternative,
        stems: sent.stems,
        platforms: [],
      }
      bySent.set(key, { ...group, platforms: [...group.platforms, platform] })
    }
    return [...bySent.values()].map(({ text, firstOnly, stems, platforms }) => ({
      keyword,
      searched: text,
      platforms,
      note: noteOf(keyword, text, platforms, firstOnly, stems),
    }))
  })
}
