// What a keyboard user sees of the focus (WCAG 2.2 SC 2.4.7 Focus Visible, SC 1.4.11 Non-text Contrast, SC 2.4.11
// Focus Not Obscured): the focused element's outline, the colour it is drawn on, and whether the element is in view.
import type { Page } from 'playwright-core'
import { contrast } from './contrast'

export type Ring = {
  /** The element as its tag and name (aria-label, else its text, cut). */
  what: string
  style: string
  width: number
  color: string
  /** The background the outline lies on: that of the nearest ancestor with one (the outline is drawn outside it). */
  behind: string
  /** Some of it is in view (SC 2.4.11): the middle of a part the window and clipping ancestors show is it. */
  seen: boolean
}

/** In the page: the focused element's ring, or null when the keyboard is on the body (or out of the page). */
function ringNow(): Ring | null {
  const g = globalThis as any
  const e = g.document.activeElement
  if (!e || e === g.document.body) return null
  const style = g.getComputedStyle(e)
  // A translucent background (Swagger UI's operations are tinted at 10 %) is laid over those behind it, down to an
  // opaque one or the white page: taken alone, its colour read as if opaque, far darker than what shows.
  const layers: number[][] = []
  for (let p = e.parentElement; p; p = p.parentElement) {
    const [r, gr, b, a = 1] = (g.getComputedStyle(p).backgroundColor.match(/[\d.]+/g) ?? []).map(Number)
    if (a > 0) layers.push([r, gr, b, a])
    if (a >= 1) break
  }
  let mix = [255, 255, 255]
  for (const [r, gr, b, a] of layers.reverse()) mix = [r, gr, b].map((c, i) => c * a + mix[i] * (1 - a))
  const behind = `rgb(${mix.map(Math.round).join(', ')})`
  // What shows of it: each of its boxes (a link wrapped onto two lines has one per line) cut to the window and to
  // every ancestor that clips (a table scrolling sideways). SC 2.4.11 asks that it be not entirely hidden: the
  // middle of one part that shows must be it, not something drawn over it.
  const clips = [{ left: 0, top: 0, right: g.innerWidth, bottom: g.innerHeight }]
  for (let p = e.parentElement; p; p = p.parentElement)
    if (g.getComputedStyle(p).overflowX !== 'visible') clips.push(p.getBoundingClientRect())
  const hits = [...e.getClientRects()].map((r: any) => {
    const left = Math.max(r.left, ...clips.map((c) => c.left))
    const right = Math.min(r.right, ...clips.map((c) => c.right))
    const top = Math.max(r.top, ...clips.map((c) => c.top))
    const bottom = Math.min(r.bottom, ...clips.map((c) => c.bottom))
    return right > left && bottom > top ? g.document.elementFromPoint((left + right) / 2, (top + bottom) / 2) : null
  })
  return {
    what: `${e.tagName}${e.type ? `[${e.type}]` : ''} ${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 40)}`,
    style: style.outlineStyle,
    width: Number.parseFloat(style.outlineWidth),
    color: style.outlineColor,
    behind,
    seen: hits.some((hit: any) => hit !== null && (e === hit || e.contains(hit) || hit.contains(e))),
  }
}

/**
 * In the page, once per document: each Tab's keyup records the ring of what the keydown moved the focus to (the
 * browser has moved and scrolled by then), so that a walk costs a round trip per key, not two (docs/performance.md).
 */
const RECORD = `(() => {
  const ringNow = ${ringNow.toString()}
  if (!globalThis.__ringsOn) addEventListener('keyup', (e) => e.key === 'Tab' && globalThis.__rings.push(ringNow()), true)
  globalThis.__ringsOn = true
  globalThis.__rings = []
})()`

/**
 * Puts the keyboard back before the page's first control, as a fresh load has it: a move within the page (/#/people)
 * keeps the focus where the last walk left it, so the next walk began mid-page and saw only the page's tail. A stand-in
 * focused at the body's start and taken away leaves the browser's starting point there (HTML, "sequential focus
 * navigation starting point"), and nothing else of the page changed.
 */
export async function keyboardToTop(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const stand = document.createElement('span')
    stand.tabIndex = -1
    document.body.prepend(stand)
    stand.focus()
    stand.remove()
  })()`)
}

/** Keys pressed before the rings are read back: past the walk's end they only go round the page again. */
const BATCH = 10

/** The walk's rings up to where the keyboard left the page or came back to the first element; null while it goes on. */
function walked(rings: (Ring | null)[]): Ring[] | null {
  for (let i = 0; i < rings.length; i++) {
    const ring = rings[i]
    if (!ring || (i > 1 && ring.what === rings[0]?.what)) return rings.slice(0, i) as Ring[]
  }
  return null
}

/**
 * Tabs through the page from where the keyboard is, at most `most` times, until it leaves the page or comes back to
 * the first element: each focused element's ring, in order.
 */
export async function ringsByTab(page: Page, most = 80): Promise<Ring[]> {
  await page.evaluate(RECORD)
  let rings: (Ring | null)[] = []
  while (rings.length < most) {
    const keys = Math.min(BATCH, most - rings.length)
    for (let k = 0; k < keys; k++) await page.keyboard.press('Tab')
    const pressed = rings.length + keys
    rings = (await page.evaluate('globalThis.__rings')) as (Ring | null)[]
    if (rings.length !== pressed) throw new Error(`${pressed} Tab presses, ${rings.length} seen by the page`)
    const done = walked(rings)
    if (done) return done
  }
  return rings as Ring[]
}

/** What is wrong with a ring: a solid outline of 2 px or more at 3:1 against what it lies on, its element in view. */
export function ringFaults(ring: Ring): string[] {
  const faults: string[] = []
  if (ring.style !== 'solid') faults.push(`outline ${ring.style}`)
  if (!(ring.width >= 2)) faults.push(`${ring.width}px wide`)
  const ratio = contrast(ring.color, ring.behind)
  if (ratio < 3) faults.push(`${ring.color} on ${ring.behind} at ${ratio.toFixed(2)}:1`)
  if (!ring.seen) faults.push('not in view')
  return faults.map((f) => `${ring.what}: ${f}`)
}
