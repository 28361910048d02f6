import { useEffect } from 'preact/hooks'

// Read again this often while the page is open, so what it says follows a pass as it runs or a teammate's change.
export const REFRESH_MS = 20_000

/**
 * Runs `load` now, every REFRESH_MS while the component is shown, and when the window comes back to the front (a
 * tab left open overnight is read again at once, not up to 20 s later). Getting started and the sources-down warning
 * share it: the warning read the sources once per page visit and stayed after the source answered again.
 */
export function useRefreshing(load: () => void) {
  // Set up on mount only: `load` sets state and reads none, so a later render's `load` would do the same.
  useEffect(() => {
    load()
    const timer = setInterval(load, REFRESH_MS)
    addEventListener('focus', load)
    return () => {
      clearInterval(timer)
      removeEventListener('focus', load)
    }
  }, [])
}
