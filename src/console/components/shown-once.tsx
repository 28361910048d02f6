import { useRef, useState } from 'preact/hooks'

/**
 * A secret shown only this once (a new API key, a webhook's signing secret), with Copy. On a phone the field shows a
 * part of it, and a long press selects only as far as a '+' or '/'. The clipboard API exists only on https and
 * localhost; elsewhere Copy selects the field, for copying by hand.
 */
export function ShownOnce(props: { what: string; label: string; value: string }) {
  // The value copied, not a flag: a new secret is drawn with Copy at once. A flag reset in an effect ran after the
  // paint, so the new secret first showed (and the status announced) Copied.
  const [copiedValue, setCopiedValue] = useState<string | null>(null)
  const copied = copiedValue === props.value
  const field = useRef<HTMLInputElement>(null)
  const copy = async () => {
    const value = props.value
    try {
      await navigator.clipboard.writeText(value)
      setCopiedValue(value)
    } catch {
      field.current?.select()
    }
  }
  return (
    <div class="new-key" role="status">
      <p>{props.what}, shown only this once:</p>
      <input ref={field} aria-label={props.label} readOnly value={props.value} />
      <button type="button" onClick={copy}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  )
}
