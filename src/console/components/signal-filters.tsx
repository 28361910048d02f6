import { useEffect, useState } from 'preact/hooks'
import { platformName } from '../signal-facts'
import { localMidnight } from '../since-day'
import { Choice } from './ui'

export const EMPTY_FILTERS = { keyword: '', intent: '', platform: '', minScore: '', since: '', include: '' }
export type Filters = typeof EMPTY_FILTERS
const INTENTS = ['ACTIVE', 'COMPETITOR', 'PAIN', 'QUESTION', 'MENTION']
// The minimum score applies this long after the last key, so typing "7.5" asks once, not three times.
const SCORE_PAUSE_MS = 400

/** The filters kept in the page's address (#/signals?intent=ACTIVE…), so a reload or a shared link keeps them. */
export function filtersFromAddress(): Filters {
  const query = new URLSearchParams(location.hash.split('?')[1] ?? '')
  const f = { ...EMPTY_FILTERS }
  for (const k of Object.keys(f) as (keyof Filters)[]) f[k] = query.get(k) ?? ''
  // The export's page of a refusal links back with the instant the export was given (serverQuery below): the date
  // box shows its local day again.
  const instant = f.since.includes('T') ? new Date(f.since) : null
  if (instant && !Number.isNaN(instant.getTime()))
    f.since = [instant.getFullYear(), instant.getMonth() + 1, instant.getDate()]
      .map((n) => String(n).padStart(2, '0'))
      .join('-')
  return f
}

/** The filters that are set, as the address keeps them (Since as the day picked, 2026-11-04). */
export const filterQuery = (f: Filters) => new URLSearchParams(Object.entries(f).filter(([, v]) => v !== ''))

/** The filters as the list and the export take them: Since as the picked day's local midnight (localMidnight). */
export function serverQuery(f: Filters) {
  const q = filterQuery(f)
  const instant = localMidnight(f.since)
  if (instant) q.set('since', instant)
  return q
}

/** The list's page kept in the address beside the filters (`offset=20`), so Back returns to it; else the start. */
export function offsetFromAddress(): number {
  const offset = Number(new URLSearchParams(location.hash.split('?')[1] ?? '').get('offset'))
  return Number.isSafeInteger(offset) && offset > 0 ? offset : 0
}

export function writeAddress(f: Filters, offset = 0) {
  const query = filterQuery(f)
  if (offset > 0) query.set('offset', String(offset))
  const q = query.toString()
  // replaceState: a filter change is not a page of its own in the browser's history, and fires no hashchange.
  history.replaceState(null, '', `#/signals${q ? `?${q}` : ''}`)
}

/** A link with other filters or page opened in this tab (the same page, so only the address changes). */
export function useAddressChanges(read: (f: Filters, offset: number) => void) {
  useEffect(() => {
    const onHash = () => read(filtersFromAddress(), offsetFromAddress())
    addEventListener('hashchange', onHash)
    return () => removeEventListener('hashchange', onHash)
  }, [])
}

type Props = { filters: Filters; keywords: string[]; platforms: string[]; onChange: (f: Filters) => void }

export function SignalFilters(props: Props) {
  const f = props.filters
  const [score, setScore] = useState(f.minScore)
  useEffect(() => setScore(f.minScore), [f.minScore])
  useEffect(() => {
    if (score === f.minScore) return
    const timer = setTimeout(() => props.onChange({ ...f, minScore: score }), SCORE_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [score])
  const set = (k: keyof Filters) => (e: Event) =>
    props.onChange({ ...f, [k]: (e.currentTarget as HTMLInputElement).value })
  const choice = (k: keyof Filters, label: string, options: string[], name?: (o: string) => string) => (
    <Choice
      label={label}
      value={f[k]}
      options={options}
      name={name}
      onChange={(value) => props.onChange({ ...f, [k]: value })}
    />
  )
  const any = filterQuery(f).size > 0
  return (
    <form class="filters" onSubmit={(e) => e.preventDefault()}>
      {choice('keyword', 'Keyword', props.keywords)}
      {choice('intent', 'Intent', INTENTS)}
      {choice('platform', 'Platform', props.platforms, platformName)}
      <label>
        Minimum score
        <input
          type="number"
          min="0"
          max="10"
          step="0.5"
          value={score}
          onInput={(e) => setScore(e.currentTarget.value)}
        />
      </label>
      <label>
        Since
        <input type="date" value={f.since} onChange={set('since')} />
      </label>
      <div class="filter-end">
        <label class="check">
          <input
            type="checkbox"
            checked={f.include === 'dismissed'}
            onChange={(e) => props.onChange({ ...f, include: e.currentTarget.checked ? 'dismissed' : '' })}
          />
          Show dismissed
        </label>
        <button type="button" disabled={!any} onClick={() => props.onChange(EMPTY_FILTERS)}>
          Clear filters
        </button>
      </div>
    </form>
  )
}
