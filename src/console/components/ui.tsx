import type { ComponentChildren } from 'preact'
import { fewerMarks } from '../../lib/text'
import { serverNow } from '../server-clock'
import { exactly, relative } from '../time'

export { ConfirmButton } from './confirm-button'

/**
 * A page's error line, read out by screen readers as it appears; nothing when there is no error. `id`: for a field
 * that it describes (aria-describedby).
 */
export function Alert(props: { message: string; id?: string }) {
  if (!props.message) return null
  return (
    <p role="alert" class="error" id={props.id}>
      {props.message}
    </p>
  )
}

// Icons as inline SVG paths: they draw the same on a machine with no emoji font (an air-gapped Linux desktop, a
// kiosk), which would show an empty box for 👍. Drawn in the text colour, hidden from screen readers (the button's
// words say what it does).
const PATHS = {
  up: 'M2 10h4v11H2zM8 21h9.3a2 2 0 0 0 2-1.6l1.6-7A2 2 0 0 0 19 10h-5l.9-4.6A1.6 1.6 0 0 0 13.3 3.5L8 10z',
  down: 'M22 14h-4V3h4zM16 3H6.7a2 2 0 0 0-2 1.6l-1.6 7A2 2 0 0 0 5 14h5l-.9 4.6a1.6 1.6 0 0 0 1.6 1.9L16 14z',
  menu: 'M3 6h18M3 12h18M3 18h18',
  open: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  check: 'M4 12l5 5L20 6',
}
export type IconName = keyof typeof PATHS
const FILLED: IconName[] = ['up', 'down']

export function Icon(props: { name: IconName }) {
  const filled = FILLED.includes(props.name)
  return (
    <svg class="icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d={PATHS[props.name]}
        fill={filled ? 'currentColor' : 'none'}
        stroke={filled ? 'none' : 'currentColor'}
        stroke-width="2"
        stroke-linecap="round"
        stroke-linejoin="round"
      />
    </svg>
  )
}

/** A filter's drop-down: "Any" (the empty value) or one of `options`. */
/** A select of `options` and "Any"; `name` is what a person reads for an option whose value is an id. */
export function Choice(props: {
  label: string
  value: string
  options: string[]
  name?: (option: string) => string
  onChange: (value: string) => void
}) {
  // A value the choices do not hold (an address naming a platform off the plan, a keyword no longer tracked) is still
  // offered and chosen: the select says what the list is filtered by, rather than "Any" over a filtered list.
  const options = props.value && !props.options.includes(props.value) ? [...props.options, props.value] : props.options
  return (
    <label>
      {props.label}
      <select value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        <option value="">Any</option>
        {options.map((o) => (
          <option value={o}>{props.name ? props.name(o) : o}</option>
        ))}
      </select>
    </label>
  )
}

/** Previous / Next through a list read a page at a time, with what is shown between them when `shown` is given. */
export function Pager(props: {
  offset: number
  size: number
  total: number
  shown?: boolean
  go: (o: number) => void
}) {
  const { offset, size, total } = props
  // The pager sits below the list: the new page is shown from its top (its count and first card), not from where the
  // old page's bottom was, which on a phone is the middle of the new one.
  const go = (to: number) => {
    props.go(to)
    scrollTo({ top: 0 })
  }
  return (
    <div class="pager">
      <button type="button" disabled={offset === 0} onClick={() => go(Math.max(0, offset - size))}>
        Previous
      </button>
      {props.shown && (
        <span>
          {offset + 1}–{Math.min(offset + size, total)} of {total.toLocaleString()}
        </span>
      )}
      <button type="button" disabled={offset + size >= total} onClick={() => go(offset + size)}>
        Next
      </button>
    </div>
  )
}

/** "1 signal", "2 signals", "1,200 calls": a count and its word, singular for one. */
export const counted = (n: number, one: string) => (n === 1 ? `1 ${one}` : `${n.toLocaleString()} ${one}s`)

/** A row of buttons that keeps its gaps and wraps as whole buttons on a narrow screen. */
export function Actions(props: { children: ComponentChildren }) {
  return <div class="actions">{props.children}</div>
}

/** A relative time with the exact one on hover and for machines; `scheduled` for a time set to come (time.ts). */
export function Ago(props: { iso: string | null; scheduled?: boolean }) {
  if (!props.iso) return <span>—</span>
  return (
    <time dateTime={props.iso} title={exactly(props.iso)}>
      {relative(props.iso, serverNow(), { scheduled: props.scheduled })}
    </time>
  )
}

// An author's name is whatever the platform let them choose, of any length: thousands of characters filled screens of
// the People list. Shown cut at 100 characters, as messages to people cut it (docs/destinations.md#bodies).
const NAME_SHOWN = 100

/**
 * The first 100 characters of a platform name (whole code points), or `max` of another platform text, with "…" when
 * there were more, and at most four combining marks on a letter (a pile of them drew over the rows around the name).
 */
export const shortName = (name: string, max = NAME_SHOWN) => {
  const chars = Array.from(fewerMarks(name))
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('')
}

/** An author's name in its own direction (docs/security.md#decisions), cut, and whole in a tooltip when cut. */
export const Name = (props: { name: string }) => {
  const shown = shortName(props.name)
  return <bdi title={shown === props.name ? undefined : props.name}>{shown}</bdi>
}
