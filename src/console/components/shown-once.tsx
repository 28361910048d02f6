import { useEffect, useRef, useState } from 'preact/hooks'

/**
 * A secret shown only this once (a new API key, a webhook's signing secret), with Copy. On a phone the field shows a
 * part of it, and a long press selects only as far as a '+' or '/'. The clipboard API exists only on https and
 * localhost; elsewhere Copy selects the field, for copying by hand.
 */
export function ShownOnce(props: { what: string; label: string; value: string }) {
  const [copied, setCopied] = useState(false)
  const field = useRef<HTMLInputElement>(null)
  useEffect(() => setCopied(false), [props.value])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value)
      setCopied(true)
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
