// When a console page has read what it shows. `waitForLoadState('networkidle')` cannot say: after a move within the
// page (/#/people) the load states are the document's, reached long before, so it returned at once and a test went on
// with a page still reading; on a busy machine its walk met half a page, then one drawn again under it. Waiting a
// fixed time instead costs that time on every page and is still a guess (docs/performance.md).
import type { Page } from 'playwright-core'

/**
 * In the page: counts the readings asked and not yet read to the end. The console asks only through `fetch` and
 * reads every answer's body as JSON (src/console/api.ts), so a reading ends when that JSON is parsed.
 */
const COUNT = `(() => {
  if (globalThis.__reading !== undefined) return
  globalThis.__reading = 0
  const ask = globalThis.fetch.bind(globalThis)
  const end = () => { globalThis.__reading-- }
  globalThis.fetch = (...args) => {
    globalThis.__reading++
    return ask(...args).then((res) => {
      const json = res.json.bind(res)
      res.json = () => json().finally(end)
      return res
    }, (error) => { end(); throw error })
  }
})()`

/**
 * In the page: resolves once no reading is open for two frames in a row. Preact runs a drawing's effects (where the
 * pages start their readings) in a task after the next frame, and draws an answer in the microtasks after it is read:
 * a frame with nothing open could still precede the effects of what it drew, a second one cannot.
 */
const DONE = `(async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r)))
  for (let quiet = 0; quiet < 2; ) {
    await frame()
    quiet = globalThis.__reading === 0 ? quiet + 1 : 0
  }
})()`

/** Counts `page`'s readings from now on, in this document and every one it loads after; before its first `goto`. */
export async function countReadings(page: Page): Promise<void> {
  await page.addInitScript(COUNT)
  await page.evaluate(COUNT)
}

/** Waits until every reading the page asked for is answered and drawn, and none follows from what it drew. */
export async function readingsDone(page: Page): Promise<void> {
  await page.evaluate(DONE)
}
