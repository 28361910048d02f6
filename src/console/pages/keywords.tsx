import { useEffect, useState } from 'preact/hooks'
import { api, changeThen } from '../api'
import { QueryPreview } from './query-preview'

export function Keywords() {
  const [keywords, setKeywords] = useState<string[]>([])
  const [draft, setDraft] = useState('')
  const [error, setError] = useState('')
  const load = () => api<{ keywords: string[] }>('GET', '/keywords').then((k) => setKeywords(k.keywords))
  useEffect(() => {
    load()
  }, [])
  const run = changeThen(load, setError)
  const add = (e: Event) => {
    e.preventDefault()
    run(api('POST', '/keywords', { keyword: draft }).then(() => setDraft('')))
  }
  return (
    <section>
      <form class="inline" onSubmit={add}>
        <label>
          Keyword or query
          <input
            value={draft}
            maxLength={200}
            required
            placeholder='crm -hubspot "sales pipeline" subreddit:sales'
            onInput={(e) => setDraft(e.currentTarget.value)}
          />
        </label>
        <button type="submit">Add</button>
      </form>
      <p class="hint">
        Words must all appear; "exact phrase", OR, ( ), -word or NOT, word*, and platform:, site:, subreddit:, author:,
        lang:, type:post|comment, title: filters. See docs/queries.md.
      </p>
      <QueryPreview query={draft} />
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {keywords.length === 0 ? (
        <p>No keywords yet: add the words your buyers use.</p>
      ) : (
        <ul class="rows">
          {keywords.map((k) => (
            <li>
              <span>{k}</span>
              <button
                type="button"
                aria-label={`Remove ${k}`}
                onClick={() => run(api('DELETE', `/keywords/${encodeURIComponent(k)}`))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
