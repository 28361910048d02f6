import type { RefObject } from 'preact'
import { useEffect, useRef } from 'preact/hooks'

/**
 * The phone's menu and the keyboard (docs/console.md): Escape closes the open menu, as it does any menu, the keyboard
 * back on Menu rather than on a link now hidden; and the keyboard leaving it for the page (Tab from Sign out,
 * Shift+Tab from the page back past Menu does not count: Menu is the menu's own) closes it too. The menu is a list
 * of links below the bar, not a dialog, so Tab is not trapped in it: it stayed open, filling a phone's screen, while
 * the keyboard went on into the page below it, out of view.
 * One listener each from the start, reading whether the menu is open: one added as the menu opened came after the
 * next paint, and an Escape pressed before it was lost.
 */
export function useMenuKeyboard(open: boolean, close: () => void, menuButton: RefObject<HTMLButtonElement | null>) {
  const isOpen = useRef(open)
  isOpen.current = open
  useEffect(() => {
    const menu = () => document.getElementById('menu')
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !isOpen.current) return
      if (menu()?.contains(document.activeElement)) menuButton.current?.focus()
      close()
    }
    const onFocus = (e: FocusEvent) => {
      const to = e.target as Node | null
      if (!isOpen.current || !to || to === menuButton.current || menu()?.contains(to)) return
      close()
    }
    addEventListener('keydown', onKey)
    addEventListener('focusin', onFocus)
    return () => {
      removeEventListener('keydown', onKey)
      removeEventListener('focusin', onFocus)
    }
  }, [])
}
