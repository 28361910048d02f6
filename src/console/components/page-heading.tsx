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
export function PageHeading(props: { name: string }) {
  usePageTitle(props.name)
  // A move to another page (#/keywords, a person's #/people/per_…) whose link is gone or hidden once it is drawn (the
  // phone's menu closes, the People list goes) left the keyboard on the page's body: a screen reader said nothing of
  // the new page and Tab went wherever the browser guessed. The new page's heading takes it then; a link still shown
  // (the menu on a wide screen) keeps it. After the new page is drawn: each heading listening reads the one there then.
  useEffect(() => {
    const onMove = () =>
      setTimeout(() => {
        const at = document.activeElement
        if (!at || at === document.body || !at.checkVisibility())
          document.querySelector<HTMLElement>('main h1')?.focus()
      })
    addEventListener('hashchange', onMove)
    return () => removeEventListener('hashchange', onMove)
  }, [])
  return <h1 tabIndex={-1}>{props.name}</h1>
}
