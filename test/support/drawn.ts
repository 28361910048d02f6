// Where the keyboard is in the very frame something is drawn, before the browser can paint it. A test that waits for
// the element and then reads the focus passes or fails by luck: Preact runs a passive effect (useEffect) after the
// next paint, and under load that paint is tens of milliseconds late, so a focus moved there is read either side of
// it. A mutation observer's callback runs in the same task as the render that put the element in the page (after the
// render's layout effects, before any paint): what it records is what a screen reader or an eye met first.
import type { Page } from 'playwright-core'

export type Drawn = {
  /** The focused element as `focused` in focus.ts has it: `INPUT Email`, `DIV Added …`; BODY for none. */
  focused: string
  /** Whether the keyboard was on the element itself or inside it. */
  holds: boolean
  /** Whether the element was within the window (a phone's screen) as it was drawn. */
  inView: boolean
  /** What the `read` expression gave then, e.g. a button's words beside what was drawn. */
  read?: unknown
}

const watcher = (key: string, selector: string, text: string, read: string) => `(() => {
  const shown = () => [...document.querySelectorAll(${JSON.stringify(selector)})]
    .find((e) => (e.textContent ?? '').includes(${JSON.stringify(text)}))
  const record = (e) => {
    const at = document.activeElement
    const box = e.getBoundingClientRect()
    window.__drawn = { ...window.__drawn, [${JSON.stringify(key)}]: {
      focused: !at || at === document.body
        ? 'BODY'
        : at.tagName + ' ' + (at.getAttribute('aria-label') ?? at.textContent ?? '').trim(),
      holds: !!at && e.contains(at),
      inView: box.top >= 0 && box.bottom <= innerHeight,
      read: ${read},
    } }
  }
  const observer = new MutationObserver(() => {
    const e = shown()
    if (!e) return
    observer.disconnect()
    record(e)
  })
  observer.observe(document, { childList: true, subtree: true, characterData: true })
})()`

/**
 * Watches for the first `selector` whose text includes `text` (from the next page load with `beforeLoad`, else from
 * now); the function returned waits for it and gives the state it was drawn in. `read`: a page expression to evaluate
 * in that moment too.
 */
export async function whenDrawn(
  page: Page,
  selector: string,
  text = '',
  options: { beforeLoad?: boolean; read?: string } = {},
): Promise<() => Promise<Drawn>> {
  // Each watch records under a key of its own: several can be waiting in one page.
  const key = crypto.randomUUID()
  const script = watcher(key, selector, text, options.read ?? 'undefined')
  if (options.beforeLoad) await page.addInitScript(script)
  else await page.evaluate(script)
  return async () => {
    // A function, not a string: a string is evaluated again each frame with eval, which the console's CSP refuses.
    const recorded = (k: string) => (globalThis as { __drawn?: Record<string, Drawn> }).__drawn?.[k]
    await page.waitForFunction(recorded, key, { timeout: 10_000 })
    return (await page.evaluate(recorded, key)) as Drawn
  }
}
