import { api } from '../api'

// docs/console.md#webhooks: a destination's keyword filter naming keywords the team does not track sends nothing for
// them. The form warns as they are typed, and the list warns of a destination added so (by the API, or before the
// form warned), for as long as they stay untracked.

/**
 * The team's tracked keywords as they compare; null while unread (or the server down), and then nothing is warned of.
 */
export type Tracked = Set<string> | null

/**
 * A keyword as tracked keywords compare (docs/queries.md#matching): in any case but that of OR, AND and NOT, runs of
 * spaces as one. The server's own key (query/same-query.ts) also reads phrases and full-width letters; this is only
 * for a warning, which at worst names a keyword that is in fact tracked.
 */
const keyOf = (keyword: string) =>
  keyword
    .trim()
    .split(/\s+/)
    .map((w) => (w === 'OR' || w === 'AND' || w === 'NOT' ? w : w.toLowerCase()))
    .join(' ')

export const readTracked = (): Promise<Tracked> =>
  api<{ keywords: string[] }>('GET', '/keywords').then((k) => new Set(k.keywords.map(keyOf)))

/** What the destination sends nothing for: the keywords of its filter that are not tracked. */
export function UntrackedKeywords(props: { tracked: Tracked; keywords: string[] | null }) {
  const { tracked } = props
  const untracked = tracked ? (props.keywords ?? []).filter((k) => !tracked.has(keyOf(k))) : []
  // A warning, not a refusal: a keyword may be tracked later, and then the destination sends its signals.
  if (untracked.length === 0) return null
  const one = untracked.length === 1
  return (
    <p class="notice" role="status">
      <span>
        Not tracked by your team: {untracked.map((k) => `“${k}”`).join(', ')}. This destination sends only signals found
        for the keywords it names, so it sends nothing for {one ? 'this one' : 'these'} until{' '}
        {one ? 'it is' : 'they are'} tracked on the <a href="#/keywords">Keywords</a> page.
      </span>
    </p>
  )
}
