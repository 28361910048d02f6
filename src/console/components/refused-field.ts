import type { RefObject } from 'preact'
import { useLayoutEffect, useState } from 'preact/hooks'
import { ApiError } from '../api'
import { type FormWords, inFormWords } from './form-words'

/**
 * The field of a form that the server's refusal named (`details[0].field`; `competitors.2` is the Competitors box),
 * marked invalid and described by the reason's line (WCAG technique ARIA21), and given the keyboard in the frame the
 * reason is drawn (a layout effect), so a screen reader says there which field is wrong and why. A refusal that names
 * no field marks none: it stays the form's alert (docs/console.md#errors). `words`: the form's names for the API's,
 * in which the reason is said.
 */
export function useRefusedField(form: RefObject<HTMLFormElement | null>, reasonId: string, words: FormWords) {
  const [refusal, setRefusal] = useState<{ field: string } | null>(null)
  useLayoutEffect(() => {
    if (refusal) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refusal])
  /** The attributes of the box for `field`: invalid and described by the reason while the refusal names it. */
  const about = (field: string) =>
    refusal?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': reasonId } : {}
  return {
    about,
    /**
     * Takes the field `error` names, if it is a refusal naming one, else clears the mark; returns the reason to show,
     * in the form's words.
     */
    refused: (error: unknown): string => {
      const field = error instanceof ApiError ? error.details[0]?.field.split('.')[0] : undefined
      setRefusal(field ? { field } : null)
      return inFormWords(error, words)
    },
    /** The refusal was about what was typed: once it is edited, the mark goes. */
    clear: () => setRefusal(null),
    /**
     * A text box's attributes for `field`: marked while the refusal names it, and its input given to `onValue`, which
     * ends the mark (and whatever else `onValue` clears, such as the reason's line).
     */
    box: (field: string, onValue: (value: string) => void) => ({
      onInput: (e: { currentTarget: HTMLInputElement }) => {
        onValue(e.currentTarget.value)
        setRefusal(null)
      },
      ...about(field),
    }),
  }
}
