import { useEffect, useState } from 'preact/hooks'
import type * as v from 'valibot'
import type { SignalPage } from '../../wire/signals'
import { api } from '../api'
import { GettingStarted } from '../components/getting-started'
import { type Signal, SignalCard, type Verdict } from '../components/signal-card'
import {
  type Filters,
  SignalFilters,
  filterQuery,
  filtersFromAddress,
  writeAddress,
} from '../components/signal-filters'
import { Alert } from '../components/ui'
import type { Me } from '../me'
import { splitReason } from '../signal-facts'
import { useLastVisit, useTriageKeys } from '../triage'

// The console's list is not counted: the API's page without its usage.
type Page = Omit<v.InferOutput<typeof SignalPage>, 'usage'>
const PAGE_SIZE = 20

export function Signals(props: { me: Me }) {
  const [filters, setFilters] = useState<Filters>(filtersFromAddress)
  const [offset, setOffset] = useState(0)
  const [page, setPage] = useState<Page | null>(null)
  // Whether the team has any signal at all (dismissed ones too): without one, the page shows how to get a first.
  const [hasAny, setHasAny] = useState(true)
  const [error, setError] = useState('')
  // Moved by each verdict, so the page is read again (a dismissed signal leaves it).
  const [judged, setJudged] = useState(0)
  const [selected, setSelected] = useState(0)
  const [undo, setUndo] = useState<{ signal: Signal; before: Verdict | null } | null>(null)
  const [keywords, setKeywords] = useState<string[]>([])
  const [platforms, setPlatforms] = useState<string[]>([])
  const visit = useLastVisit(props.me)
  useEffect(() => {
    api<{ keywords: string[] }>('GET', '/keywords').then((k) => setKeywords(k.keywords))
    api<{ platforms: { platform: string; earlierRouteOnly: boolean }[] }>('GET', '/sources').then((s) =>
      setPlatforms(s.platforms.filter((p) => !p.earlierRouteOnly).map((p) => p.platform)),
    )
  }, [])
  const query = filterQuery(filters)
  useEffect(() => {
    const q = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset), content: 'full' })
    for (const [k, val] of query) q.set(k, val)
    api<Page>('GET', `/signals?${q}`)
      .then((p) => {
        setError('')
        setPage(p)
        setSelected((i) => Math.min(i, Math.max(0, p.signals.length - 1)))
        if (p.total > 0) return setHasAny(true)
        return api<Page>('GET', '/signals?limit=1&include=dismissed').then((all) => setHasAny(all.total > 0))
      })
      .catch((e) => setError(e.message))
  }, [query.toString(), offset, judged])
  const change = (f: Filters) => {
    setFilters(f)
    writeAddress(f)
    setOffset(0)
  }
  const send = (s: Signal, verdict: Verdict | null) =>
    (verdict === null
      ? api('DELETE', `/signals/${encodeURIComponent(s.id)}/feedback`)
      : api('POST', `/signals/${encodeURIComponent(s.id)}/feedback`, { verdict })
    )
      .then(() => setJudged((n) => n + 1))
      .catch((e) => setError(e.message))
  const rate = (s: Signal, verdict: Verdict) => {
    // Only 👎 takes a card away, so only it offers Undo: back to the verdict the signal had before.
    setUndo(verdict === 'not_relevant' && s.verdict !== 'not_relevant' ? { signal: s, before: s.verdict } : null)
    return send(s, verdict)
  }
  const signals = page?.signals ?? []
  const current = signals[selected]
  useTriageKeys({
    count: signals.length,
    move: (by) => {
      const next = Math.min(signals.length - 1, Math.max(0, selected + by))
      setSelected(next)
      document.getElementById(`signal-${signals[next]?.id}`)?.focus()
    },
    judge: (relevant) => current && rate(current, relevant ? 'relevant' : 'not_relevant'),
    open: () =>
      current && document.querySelector<HTMLAnchorElement>(`#signal-${CSS.escape(current.id)} a.button`)?.click(),
  })
  const outage = signals.map((s) => splitReason(s.reason).standIn).find(Boolean)
  const standIns = signals.filter((s) => splitReason(s.reason).standIn).length
  if (page && !hasAny && query.size === 0) return <GettingStarted />
  return (
    <section>
      <SignalFilters filters={filters} keywords={keywords} platforms={platforms} onChange={change} />
      <Alert message={error} />
      {outage && (
        <p class="notice" role="status">
          The {outage.for} scorer could not answer when {standIns === 1 ? '1 signal' : `${standIns} signals`} of this
          page {standIns === 1 ? 'was' : 'were'} scored, so the {outage.by} scorer judged{' '}
          {standIns === 1 ? 'it' : 'them'} (tagged “{outage.by} scorer”).
        </p>
      )}
      {undo && (
        <p class="notice undo" role="status">
          <span>
            Marked <bdi>{undo.signal.author}</bdi>'s post not relevant.
          </span>
          <button
            type="button"
            onClick={() => {
              setUndo(null)
              send(undo.signal, undo.before)
            }}
          >
            Undo
          </button>
        </p>
      )}
      {page && (
        <>
          <div class="toolbar">
            <p class="count">
              {page.total === 0
                ? 'No signals match these filters.'
                : `Signals ${page.offset + 1}–${page.offset + page.signals.length} of ${page.total.toLocaleString()}`}
            </p>
            {visit.count > 0 && <p class="chip new">{visit.count.toLocaleString()} new since your last visit</p>}
            {/* docs/console.md#export: every matching signal with its full text, streamed by the server as a download. */}
            <a
              class="button"
              href={`/console/api/signals/export?${new URLSearchParams([['format', 'csv'], ...query])}`}
              download
            >
              Export CSV
            </a>
          </div>
          <p class="hint keys">Keys: j / k move, r relevant, n not relevant, o open the post.</p>
          <ol class="signals">
            {signals.map((s, i) => (
              <SignalCard
                signal={s}
                selected={i === selected}
                isNew={visit.after !== null && s.detectedAt > visit.after}
                rate={rate}
              />
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
