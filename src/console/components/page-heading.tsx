import { useLayoutEffect } from 'preact/hooks'

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
 * it goes when what held it is gone (confirm-button.tsx), and the next Tab goes on into the page.
 */
export function PageHeading(props: { name: string }) {
  usePageTitle(props.name)
  return <h1 tabIndex={-1}>{props.name}</h1>
}
