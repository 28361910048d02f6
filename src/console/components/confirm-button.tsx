import type { ComponentChildren } from 'preact'
import { useLayoutEffect, useRef, useState } from 'preact/hooks'

/** A row's list (a table's, a list's) and its place in it, read before an action can take the row away. */
export function rowPlace(inside: Element | null) {
  const row = inside?.closest('tr, li') ?? null
  const list = row?.parentElement ?? null
  return { list, index: list ? [...list.children].indexOf(row as Element) : 0 }
}

/**
 * Where the keyboard goes once an action took its button away (docs/console.md#verdicts): a removed keyword's row is
 * gone, a revoked key's row holds no Revoke any more, an unlinked account's row is gone. The same action (`button`,
 * a selector) on the nearest row left (the one now in its place, then those after it, then those before), else the
 * page's heading; before, it fell to the page's body and the next Tab started again at the top of the page. Nothing
 * moves when the focus is still on something (a refusal leaves the button where it was, or the person went on
 * elsewhere). Called once the page has drawn what the action left.
 */
export function refocus(place: ReturnType<typeof rowPlace>, button: string) {
  if (document.activeElement && document.activeElement !== document.body) return
  const rows = place.list?.isConnected ? [...place.list.children] : []
  const nearest = [...rows.slice(place.index), ...rows.slice(0, place.index).reverse()]
  const same = nearest.map((row) => row.querySelector<HTMLElement>(button)).find(Boolean)
  ;(same ?? document.querySelector<HTMLElement>('main h1'))?.focus()
}

/**
 * A button whose action cannot be taken back (revoke a key, remove a keyword): the first click asks, in place, and
 * only "Yes" acts. `label` is the button's word, `name` what it acts on (for its accessible name and the question).
 * The button that had focus is replaced by the question, so focus moves to Cancel (a second Enter does not act), and
 * Escape or Cancel puts it back on the button; otherwise a keyboard user was left at the top of the page. Yes puts it
 * back too, and once `onConfirm` (a promise, for an action that reads its list again) has settled, on the nearest
 * row's same button when the action took this one away.
 */
export function ConfirmButton(props: {
  label: string
  name: string
  question?: ComponentChildren
  onConfirm: () => unknown
}) {
  const [asking, setAsking] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const cancelButton = useRef<HTMLButtonElement>(null)
  const question = useRef<HTMLFieldSetElement>(null)
  const backToButton = useRef(false)
  // In the same turn as the question appears (not after the next paint), so no key press lands in between.
  useLayoutEffect(() => {
    if (asking) cancelButton.current?.focus()
    else if (backToButton.current) button.current?.focus()
    backToButton.current = false
  }, [asking])
  const cancel = () => {
    backToButton.current = true
    setAsking(false)
  }
  const confirm = () => {
    const place = rowPlace(question.current)
    const same = `button[data-confirms="${CSS.escape(props.label)}"]`
    cancel()
    // After the page has drawn what the action left: its list is read again before the promise settles.
    Promise.resolve(props.onConfirm()).finally(() => setTimeout(() => refocus(place, same)))
  }
  if (!asking)
    return (
      <button
        ref={button}
        type="button"
        data-confirms={props.label}
        aria-label={`${props.label} ${props.name}`}
        onClick={() => setAsking(true)}
      >
        {props.label}
      </button>
    )
  return (
    <fieldset
      ref={question}
      class="confirm"
      aria-label={`Confirm: ${props.label} ${props.name}`}
      onKeyDown={(e) => e.key === 'Escape' && cancel()}
    >
      <span>{props.question ?? `${props.label} ${props.name}?`}</span>
      <button type="button" class="danger" onClick={confirm}>
        Yes, {props.label.toLowerCase()}
      </button>
      <button ref={cancelButton} type="button" onClick={cancel}>
        Cancel
      </button>
    </fieldset>
  )
}
