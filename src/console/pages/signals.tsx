import { useEffect, useState } from 'preact/hooks'
import type * as v from 'valibot'
import type { SignalPage } from '../../wire/signals'
import { api } from '../api'
import { SignalCard, type Verdict } from '../components/signal-card'

// The console's list is not counted: the API's page without its usage.
type Page = Omit<v.InferOutput<typeof SignalPage>, 'usage'>

const INTENTS = ['ACTIVE', 'COMPETITOR', 'PAIN', 'QUESTION', 'MENTION']
const PAGE_SIZE = 20
const EMPTY = { keyword: '', intent: '', platform: '', minScore: '', since: '' }

export function Signals() {
  const [filters, setFilters] = useState(EMPTY)
  const [offset, setOffset] = useState(0)
  const [page, setPage] = useState<Page | null>(null)
  const [error, setError] = useState('')
  // docs/api.md#feedback: signals judged not relevant are shown only when asked for.
  const [withDismissed, setWithDismissed] = useState(false)
  // Moved by each verdict, so the page is read again (a dismissed signal leaves it).
  const [judged, setJudged] = useState(0)
  const [keywords, setKeywords] = useState<string[]>([])
  const [platforms, setPlatforms] = useState<string[]>([])
  useEffect(() => {
    api<{ keywords: string[] }>('GET', '/keywords').then((k) => setKeywords(k.keywords))
    api<{ platforms: { platform: string; inPlan: boolean; earlierRouteOnly: boolean }[] }>('GET', '/sources').then(
      (s) => setPlatforms(s.platforms.filter((p) => !p.earlierRouteOnly).map((p) => p.platform)),
    )
  }, [])
  // The filters that are set, as the list and the export both take them.
  const filterQuery = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ''))
  if (withDismissed) filterQuery.set('include', 'dismissed')
  useEffect(() => {
    const q = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) })
    for (const [k, v] of filterQuery) q.set(k, v)
    setError('')
    api<Page>('GET', `/signals?${q}`)
      .then(setPage)
      .catch((e) => setError(e.message))
  }, [filters, offset, withDismissed, judged])
  const rate = (id: string, verdict: Verdict) =>
    api('POST', `/signals/${encodeURIComponent(id)}/feedback`, { verdict })
      .then(() => setJudged((n) => n + 1))
      .catch((e) => setError(e.message))
  const set = (k: keyof typeof EMPTY) => (e: Event) => {
    setFilters({ ...filters, [k]: (e.currentTarget as HTMLInputElement).value })
    setOffset(0)
  }
  return (
    <section>
      <form class="filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          Keyword
          <select value={filters.keyword} onChange={set('keyword')}>
            <option value="">Any</option>
            {keywords.map((k) => (
              <option value={k}>{k}</option>
            ))}
          </select>
        </label>
        <label>
          Intent
          <select value={filters.intent} onChange={set('intent')}>
            <option value="">Any</option>
            {INTENTS.map((i) => (
              <option value={i}>{i}</option>
            ))}
          </select>
        </label>
        <label>
          Platform
          <select value={filters.platform} onChange={set('platform')}>
            <option value="">Any</option>
            {platforms.map((p) => (
              <option value={p}>{p}</option>
            ))}
          </select>
        </label>
        <label>
          Minimum score
          <input type="number" min="0" max="10" step="1" value={filters.minScore} onChange={set('minScore')} />
        </label>
        <label>
          Since
          <input type="date" value={filters.since} onChange={set('since')} />
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={withDismissed}
            onChange={(e) => {
              setWithDismissed(e.currentTarget.checked)
              setOffset(0)
            }}
          />
          Show dismissed
        </label>
      </form>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {page && (
        <>
          <div class="toolbar">
            <p class="count">
              {page.total === 0
                ? 'No signals match.'
                : `Signals ${page.offset + 1}–${page.offset + page.signals.length} of ${page.total.toLocaleString()}`}
            </p>
            {/* docs/console.md#export: every matching signal with its full text, streamed by the server as a download. */}
            <a
              class="button"
              href={`/console/api/signals/export?${new URLSearchParams([['format', 'csv'], ...filterQuery])}`}
              download
            >
              Export CSV
            </a>
          </div>
          <ol class="signals">
            {page.signals.map((s) => (
              <SignalCard signal={s} rate={rate} />
            ))}
          </ol>
          <div class="pager">
            <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
              Previous
            </button>
            <button
              type="button"
              disabled={offset + PAGE_SIZE >= page.total}
              onClick={() => setOffset(offset + PAGE_SIZE)}
            >
              Next
            </button>
          </div>
        </>
      )}
    </section>
  )
}
