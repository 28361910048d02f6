import { useEffect, useState } from 'preact/hooks'
import { ApiError, api, when } from '../api'
import { httpUrl, platformName } from '../signal-facts'
import { counted, Name } from './ui'

type Preview = {
  since: string
  scanned: number
  matched: number
  posts: {
    id: string
    platform: string
    author: string
    url: string
    preview: string
    keyword: string
    publishedAt: string
  }[]
}
type State = { preview?: Preview; error?: string }

// Wait this long after the last key before asking: a preview per pause, not per key.
const PAUSE_MS = 250

/**
 * As the query is typed: where it is wrong, or which of the team's recent signals it would match
 * (docs/queries.md#preview). Signals are all the service keeps of what it found, so that is what is searched. `id`:
 * for the box it describes (aria-describedby), whichever of the two it shows.
 */
export function QueryPreview({ query, refusal = '', id }: { query: string; refusal?: string; id?: string }) {
  const [state, setState] = useState<State>({})
  useEffect(() => {
    if (query.trim() === '') {
      setState({})
      return
    }
    let current = true
    const timer = setTimeout(() => {
      api<Preview>('POST', '/keywords/preview', { query })
        .then((preview) => current && setState({ preview }))
        .catch(
          (e) =>
            current && setState({ error: e instanceof ApiError ? (e.details[0]?.message ?? e.message) : String(e) }),
        )
    }, PAUSE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [query])

  // Adding a query that does not parse is refused with the very message the preview shows (or is about to): it is said
  // here, once, beside the box, and announced since the user asked for something.
  const error = state.error ?? (refusal || undefined)
  if (error)
    return (
      <p class="error query-error" id={id} role={refusal ? 'alert' : undefined}>
        This query is not valid{refusal ? '' : ' yet'}: {error}.
      </p>
    )
  const p = state.preview
  if (!p) return null
  return (
    <div class="query-preview" id={id} aria-live="polite">
      <p>
        Tested against the last 7 days of this team's mentions (the {counted(p.scanned, 'signal')} kept since{' '}
        {when(p.since)}; the service keeps no other posts): it would match {p.matched}.
      </p>
      {p.posts.length > 0 && (
        <ul class="rows">
          {p.posts.map((s) => (
            <li>
              <span>
                <strong>{platformName(s.platform)}</strong> · <Name name={s.author} /> · {when(s.publishedAt)} · found
                by “{s.keyword}”
                <br />
                {/* Only a web address is a link, as on the Signals page (docs/security.md#platform-text). */}
                {httpUrl(s.url) ? (
                  <a href={s.url} target="_blank" rel="noreferrer noopener">
                    {s.preview}
                  </a>
                ) : (
                  s.preview
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
