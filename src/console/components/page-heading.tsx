import { useEffect, useLayoutEffect } from 'preact/hooks'

/**
 * The window's title names the page shown (docs/console.md#addresses): a screen reader reads it first, and a tab, the
 * window list and a bookmark show it. The one page of the console otherwise kept "lead-signals" on every page.
 */
export function usePageTitle(name: string) {
  // Before the page is painted, so the title never names the page before it.
  useLayoutEffect(() => {
    document.title = `${name} · lead-signals`
  }, [name])
}

/**
 * A page's heading, whose words are also the window's title. The keyboard can be put on it (not reached by Tab): where
 * it goes when what held it is gone (confirm-button.tsx, a link followed to another page), and the next Tab goes on
 * into the page.
 */
// Set by a move to another page; taken by the next drawing of a heading. Listened to from the start, so it is set
// before the console draws the page the move leads to.
let moved = false
addEventListener('hashchange', () => {
  moved = true
})

/**
 * The next page drawn takes the keyboard on its heading, as after a move: signing in replaces the sign-in form, which
 * held it, with the page, and left it on the body, where a screen reader said nothing of the page now open.
 */
export function keyboardToNextHeading() {
  moved = true
}

export function PageHeading(props: { name: string }) {
  usePageTitle(props.name)
  // In the frame the new page is drawn (a layout effect, run after each drawing of the heading, before the paint): the
  // new page showed for a moment with the keyboard still on the menu's link now hidden. The check after it stays, for
  // a link that goes later.
  useLayoutEffect(() => {
    if (!moved) return
    moved = false
    keyboardToHeading()
  })
  // A move to another page (#/keywords, a person's #/people/per_…) whose link is gone or hidden once it is drawn (the
  // phone's menu closes, the People list goes) left the keyboard on the page's body: a screen reader said nothing of
  // the new page and Tab went wherever the browser guessed. The new page's heading takes it then; a link still shown
  // (the menu on a wide screen) keeps it. After the new page is drawn: each heading listening reads the one there then.
  useEffect(() => {
    const onMove = () => setTimeout(keyboardToHeading)
    addEventListener('hashchange', onMove)
    return () => removeEventListener('hashchange', onMove)
  }, [])
  return <h1 tabIndex={-1}>{props.name}</h1>
}

/** The page's heading takes the keyboard if nothing (the body) or nothing shown (a closed menu's link) holds it. */
function keyboardToHeading() {
  const at = document.activeElement
  if (!at || at === document.body || !at.checkVisibility()) document.querySelector<HTMLElement>('main h1')?.focus()
}
