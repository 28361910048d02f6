import { useEffect, useRef, useState } from 'preact/hooks'
import type * as v from 'valibot'
import type { SignalPage } from '../../wire/signals'
import type { UndoBody } from '../../wire/console'
import { api } from '../api'
import { ExportCsv } from '../components/export-csv'
import { GettingStarted } from '../components/getting-started'
import { ScorerNotice } from '../components/scorer-notice'
import { SourcesDown } from '../components/sources-down'
import { StandInNotice } from '../components/stand-in-notice'
import { type Signal, SignalCard, type Verdict } from '../components/signal-card'
import {
  type Filters,
  SignalFilters,
  filtersFromAddress,
  offsetFromAddress,
  serverQuery,
  useAddressChanges,
  writeAddress,
} from '../components/signal-filters'
import { Alert, Pager } from '../components/ui'
import { UndoNotice, usePutBack } from '../components/undo-notice'
import type { Me } from '../me'
import { type StandIn, splitReason } from '../signal-facts'
import { useLastVisit, useTriageKeys } from '../triage'
import { useFilterChoices } from '../use-filter-choices'
import { useScorerCondition } from '../use-scorer-condition'

// The console's list is not counted: the API's page without its usage.
type Page = Omit<v.InferOutput<typeof SignalPage>, 'usage'>
const PAGE_SIZE = 20

export function Signals(props: { me: Me }) {
  const [filters, setFilters] = useState<Filters>(filtersFromAddress)
  const [offset, setOffset] = useState(offsetFromAddress)
  const [page, setPage] = useState<Page | null>(null)
  // Whether the team has any signal at all (dismissed ones too): without one, the page shows how to get a first.
  const [hasAny, setHasAny] = useState(true)
  const [error, setError] = useState('')
  // Moved by each verdict, so the page is read again (a dismissed signal leaves it).
  const [judged, setJudged] = useState(0)
  // The selected card lives in `at` below; this state only redraws the page when it moves.
  const [, setSelected] = useState(0)
  const [undo, setUndo] = useState<{ signal: Signal; before: UndoBody } | null>(null)
  const visit = useLastVisit(props.me)
  // Read here, once a load: the notice that says it moves (checklist, list, stand-in notice), and each had read it
  // anew.
  const scorer = useScorerCondition()
  const { keywords, platforms } = useFilterChoices(setError)
  useAddressChanges((f, at) => {
    setFilters(f)
    setOffset(at)
  })
  const query = serverQuery(filters)
  // A list the filters could not read (a minimum score over 10, the database unreadable) is not shown: the one before
  // it was read with other filters, and looked like their answer.
  const refused = (e: Error) => {
    setError(e.message)
    setPage(null)
  }
  useEffect(() => {
    const q = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset), content: 'full' })
    for (const [k, val] of query) q.set(k, val)
    api<Page>('GET', `/signals?${q}`)
      .then((p) => {
        setError('')
        // The last page's signals all judged not relevant (or gone elsewhere): its offset is past the end now, and it
        // showed "Signals 41–40 of 40" over nothing. The last page that has signals is read instead.
        if (p.signals.length === 0 && p.total > 0 && offset > 0)
          return goTo(Math.floor((p.total - 1) / PAGE_SIZE) * PAGE_SIZE)
        if (p.total > 0) {
          setHasAny(true)
          return setPage(p)
        }
        // Drawn with the answer to whether the team has any signal: drawn before it, a new team first read "No
        // signals match these filters." under filters it had not set, then its checklist.
        return api<Page>('GET', '/signals?limit=1&include=dismissed').then((all) => {
          setHasAny(all.total > 0)
          setPage(p)
        })
      }, refused)
      .catch((e) => setError(e.message))
  }, [query.toString(), offset, judged])
  // The page moved is kept in the address with the filters, so Back from another page returns to it.
  const goTo = (to: number) => {
    setOffset(to)
    writeAddress(filters, to)
  }
  const change = (f: Filters) => {
    setFilters(f)
    writeAddress(f)
    setOffset(0)
  }
  const path = (s: Signal) => `/signals/${encodeURIComponent(s.id)}/feedback`
  const reread = (sent: Promise<unknown>) => sent.then(() => setJudged((n) => n + 1)).catch((e) => setError(e.message))
  // docs/console.md#verdicts: only "Not relevant" takes a card away, so only it offers Undo, to what the answer said.
  const rate = (s: Signal, verdict: Verdict) => {
    setUndo(null)
    const sent = api<{ before: Omit<UndoBody, 'undoes'>; judgedAt: string }>('POST', path(s), { verdict })
    return reread(
      sent.then(({ before, judgedAt }) => {
        if (verdict === 'not_relevant' && before.verdict !== 'not_relevant')
          setUndo({ signal: s, before: { ...before, undoes: judgedAt } })
      }),
    )
  }
  const signals = page?.signals ?? []
  // Keys can come faster than the page draws: the selection is also kept where each key reads it at once.
  const at = useRef(0)
  at.current = Math.min(at.current, Math.max(0, signals.length - 1))
  const follow = (i: number) => {
    at.current = i
    setSelected(i)
  }
  const select = (i: number) => {
    follow(i)
    const card = document.getElementById(`signal-${signals[i]?.id}`)
    // A card taller than the window (a long post) shows its top, with the score and the author: the browser's own
    // scroll on focus showed its middle or its end.
    const tall = !!card && card.offsetHeight > innerHeight
    card?.focus({ preventScroll: tall })
    if (tall) card?.scrollIntoView({ block: 'start' })
  }
  const putBack = usePutBack(page?.signals, select)
  useTriageKeys({
    count: signals.length,
    move: (by) => select(Math.min(signals.length - 1, Math.max(0, at.current + by))),
    judge: (relevant) => {
      const s = signals[at.current]
      if (s) rate(s, relevant ? 'relevant' : 'not_relevant')
    },
    open: () => {
      const s = signals[at.current]
      if (s) document.querySelector<HTMLAnchorElement>(`#signal-${CSS.escape(s.id)} a.button`)?.click()
    },
  })
  // One notice for each way the embedded scorer stood in on this page: the model down, or behind a stream.
  const standIns = signals.map((s) => splitReason(s.reason).standIn).filter((s): s is StandIn => s !== null)
  const outages = [standIns.filter((s) => s.behind === null), standIns.filter((s) => s.behind !== null)].filter(
    (group) => group.length > 0,
  )
  // The stand-in notice of a model that could not answer says what it does now; without one, this notice does.
  const modelNotice = outages.some((group) => group[0]?.behind === null) ? null : <ScorerNotice condition={scorer} />
  if (page && !hasAny && query.size === 0)
    return (
      <>
        {modelNotice}
        <GettingStarted team={props.me.team.name} />
      </>
    )
  return (
    <>
      {/* docs/console.md#sources-not-answering: once the page knows it lists signals, not Getting started. */}
      {page && <SourcesDown />}
      <section>
        <SignalFilters filters={filters} keywords={keywords} platforms={platforms} onChange={change} />
        <Alert message={error} />
        {modelNotice}
        {outages.map((group) => (
          <StandInNotice standIns={group} condition={scorer} />
        ))}
        {undo && (
          <UndoNotice
            author={undo.signal.author}
            onUndo={() => {
              setUndo(null)
              reread(api('POST', `${path(undo.signal)}/undo`, undo.before).then(() => putBack(undo.signal.id)))
            }}
          />
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
              <ExportCsv of="signals" query={query} />
            </div>
            <p class="hint keys">Keys: j / k move, r relevant, n not relevant, o open the post.</p>
            <ol class="signals">
              {signals.map((s, i) => (
                <SignalCard
                  signal={s}
                  selected={i === at.current}
                  onFocusIn={() => i !== at.current && follow(i)}
                  isNew={visit.after !== null && s.detectedAt > visit.after}
                  rate={rate}
                />
              ))}
            </ol>
            <Pager offset={offset} size={PAGE_SIZE} total={page.total} go={goTo} />
          </>
        )}
      </section>
    </>
  )
}
