import { useLayoutEffect, useState } from 'preact/hooks'
import { Name } from './ui'

/** docs/console.md#verdicts: the line a Not relevant leaves above the list, with the Undo that puts the card back. */
export function UndoNotice(props: { author: string; onUndo: () => void }) {
  return (
    <p class="notice undo" role="status">
      <span>
        Marked <Name name={props.author} />
        's post not relevant.
      </span>
      <button type="button" onClick={props.onUndo}>
        Undo
      </button>
    </p>
  )
}

/**
 * The card Undo put back, once the list read again shows it, takes the keyboard, selected (`select`, the page's own),
 * as Undo and its notice are gone: the keyboard fell to the page's body, and j started again from the first card.
 * A card the list does not show (a muted author's stays dismissed) leaves it on the page's heading. Returns what Undo
 * calls with the card's id once the server has put it back. In the frame the card is drawn again (a layout effect; a
 * passive one runs after the paint, and a key pressed as the card showed went to the page's body).
 */
export function usePutBack(signals: { id: string }[] | undefined, select: (i: number) => void) {
  const [putBack, setPutBack] = useState<string | null>(null)
  useLayoutEffect(() => {
    if (!putBack || !signals) return
    setPutBack(null)
    const i = signals.findIndex((s) => s.id === putBack)
    if (i >= 0) select(i)
    else document.querySelector<HTMLElement>('main h1')?.focus()
  }, [signals])
  return setPutBack
}
