import { useEffect, useRef, useState } from 'preact/hooks'
import type * as v from 'valibot'
import type { KeywordFigures } from '../../wire/feedback'
import { ApiError, api, changeThen } from '../api'
import { type Column, DataTable } from '../components/data-table'
import { QueryPreview } from '../components/query-preview'
import { Alert, ConfirmButton } from '../components/ui'
import { type Added, whenSearched } from '../keyword-next'

type Figures = v.InferOutput<typeof KeywordFigures>
type Keyword = Figures['keywords'][number]
type Threshold = Keyword['threshold']

const percent = (p: number | null) => (p === null ? '—' : `${Math.round(p * 100)}%`)

/**
 * docs/scoring.md#tuning-by-verdicts: the default until `minVerdicts` (and how many there are so far), then the tuned
 * value and where it came from, and the intents the verdicts turned off.
 */
function thresholdText(t: Threshold) {
  const value = !t.tuned
    ? `${t.value} (default until ${t.minVerdicts} verdicts: ${t.verdicts} so far)`
    : t.value === t.default
      ? `${t.value} (default, kept by ${t.verdicts} verdicts)`
      : `${t.value} (tuned from ${t.verdicts} verdicts; default ${t.default})`
  return t.offIntents.length > 0 ? `${value}; ${t.offIntents.join(', ')} turned off by verdicts` : value
}

/**
 * What a moved threshold or an intent turned off means for the keyword's leads, and what brings them back: a team
 * whose keyword went quiet sees why here (docs/console.md#verdicts).
 */
function tuningNote(k: Keyword): string | null {
  const t = k.threshold
  const raised = t.tuned && t.value > t.default
  const off = t.offIntents.join(', ')
  if (t.tuned && t.value < t.default && !off)
    return `“${k.query}” finds more leads: a score of ${t.value} is enough for its posts to become signals, not ${t.default}, as its verdicts showed.`
  if (!raised && !off) return null
  const what = [
    raised && `its posts need a score of ${t.value} to become signals, not ${t.default}`,
    off && (raised ? `its ${off} posts none at all` : `its ${off} posts no longer become signals`),
  ].filter(Boolean)
  const why = [raised && `most of its signals below ${t.value}`, off && `nearly all of its ${off} signals`].filter(
    Boolean,
  )
  return (
    `“${k.query}” finds fewer leads: ${what.join(', and ')}, as ${why.join(' and ')} were judged not relevant. ` +
    'To get them back, judge some of them relevant (Signals, Show dismissed).'
  )
}

export function Keywords() {
  const [figures, setFigures] = useState<Figures | null>(null)
  const [draft, setDraft] = useState('')
  const [error, setError] = useState('')
  const [note, setNote] = useState('')
  // Where the query that was added is wrong: shown by the preview, in the one place that says it (not in the alert).
  const [queryRefusal, setQueryRefusal] = useState('')
  // Back in the box once Add is answered: to fix the query refused, or to type the next keyword.
  const box = useRef<HTMLInputElement>(null)
  const load = () => api<Figures>('GET', '/keyword-figures').then(setFigures)
  useEffect(() => {
    load().catch((e) => setError(e.message))
  }, [])
  const run = changeThen(load, setError)
  const add = (e: Event) => {
    e.preventDefault()
    setNote('')
    setQueryRefusal('')
    run(
      api<Added>('POST', '/keywords', { keyword: draft })
        .then(async (r) => {
          setDraft('')
          // docs/queries.md#per-platform: the platforms that search the keyword for its first alternative only.
          const notes = r.narrowed.map((n) => n.note)
          if (r.alreadyTracked.length > 0) notes.unshift(`Already tracked: “${r.alreadyTracked.join('”, “')}”.`)
          // When it is searched comes first; a reading that fails leaves the notes alone (the list shows it added).
          const next = r.added.length ? await whenSearched(r.allowedOn).catch(() => '') : ''
          setNote([next, ...notes].filter(Boolean).join(' '))
        })
        .catch((e) => {
          // Only spaces is no query to point into: that refusal stays the plain alert.
          const aboutQuery = e instanceof ApiError && e.details[0]?.field === 'keyword' && draft.trim() !== ''
          if (!aboutQuery) throw e
          const where = e.details[0].message
          setQueryRefusal(where)
        })
        .finally(() => box.current?.focus()),
    )
  }
  const columns: Column<Keyword>[] = [
    { head: 'Keyword', cell: (k) => <bdi>{k.query}</bdi> },
    { head: 'Signals', cell: (k) => k.signals.toLocaleString() },
    { head: 'Relevant', cell: (k) => k.verdicts.relevant },
    { head: 'Not relevant', cell: (k) => k.verdicts.notRelevant },
    { head: 'Precision', cell: (k) => percent(k.precision) },
    { head: 'Qualify threshold', cell: (k) => thresholdText(k.threshold) },
    {
      head: '',
      cell: (k) => (
        <ConfirmButton
          label="Remove"
          name={k.query}
          question={`Stop tracking “${k.query}”? Its signals are kept.`}
          onConfirm={() => run(api('DELETE', `/keywords/${encodeURIComponent(k.query)}`))}
        />
      ),
    },
  ]
  return (
    <section>
      <form class="inline" onSubmit={add}>
        <label>
          Keyword or query
          {/* A keyword in a right-to-left language reads right to left, in the box as in the list (bdi). */}
          <input
            ref={box}
            dir="auto"
            // The query refused on Add marks the box, which the preview's line describes (WCAG technique ARIA21): back
            // in the box, a screen reader says it is invalid and where, not its label alone.
            aria-invalid={queryRefusal ? true : undefined}
            aria-describedby="query-preview"
            value={draft}
            maxLength={200}
            required
            placeholder='crm -hubspot "sales pipeline"'
            onInput={(e) => {
              setDraft(e.currentTarget.value)
              // The refusal was about the query as it was: once it is edited, the preview below says where it stands.
              setError('')
              setNote('')
              setQueryRefusal('')
            }}
          />
        </label>
        <button type="submit">Add</button>
      </form>
      <p class="hint">
        Words must all appear; "exact phrase", OR, (parentheses), -word or NOT, word*, and platform:, site:, subreddit:,
        author:, lang:, type:post|comment, title: filters.{' '}
        <a href="/docs/queries" target="_blank" rel="noopener">
          How to write a query
        </a>
      </p>
      <QueryPreview query={draft} refusal={queryRefusal} id="query-preview" />
      <Alert message={error} />
      {note && <p role="status">{note}</p>}
      {figures && figures.keywords.length === 0 && <p>No keywords yet: add the words your buyers use.</p>}
      {figures && figures.keywords.length > 0 && (
        <>
          <p class="count">
            {`Team: ${figures.team.signals.toLocaleString()} signal${figures.team.signals === 1 ? '' : 's'}, ${figures.team.verdicts.relevant} relevant, ` +
              `${figures.team.verdicts.notRelevant} not relevant, precision ${percent(figures.team.precision)}`}
          </p>
          <DataTable label="Keywords" columns={columns} rows={figures.keywords} />
          {figures.keywords.map((k) => {
            const note = tuningNote(k)
            return note && <p class="hint tuning">{note}</p>
          })}
        </>
      )}
    </section>
  )
}
