// Where a command shown in the console (a `code` element) breaks across lines, for the tests that check that it
// never breaks inside a word or between an option and its value (`--team acme`): on a phone "--" ended one line and
// "team acme" began the next, which reads as two commands and pastes as a wrong one.
import type { Locator } from 'playwright-core'

type Char = { text: string; top: number }

/** Each character of the element's text with the top of the line it is drawn on (-1 when not drawn). */
function charsOf(e: {
  ownerDocument: {
    createTreeWalker(root: unknown, show: number): { nextNode(): { textContent: string | null } | null }
    createRange(): {
      setStart(node: unknown, offset: number): void
      setEnd(node: unknown, offset: number): void
      getClientRects(): ArrayLike<{ top: number }>
    }
  }
}): Char[] {
  const doc = e.ownerDocument
  // 4: NodeFilter.SHOW_TEXT, the text nodes only, however many spans the command is made of.
  const walker = doc.createTreeWalker(e, 4)
  const chars: Char[] = []
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? ''
    for (let i = 0; i < text.length; i++) {
      const range = doc.createRange()
      range.setStart(node, i)
      range.setEnd(node, i + 1)
      const rect = range.getClientRects()[0]
      chars.push({ text: text[i] as string, top: rect ? Math.round(rect.top) : -1 })
    }
  }
  return chars
}

/**
 * The parts of a command drawn on more than one line: each word, and each option with the value after it
 * (`--team acme`; an option followed by another option has none). Empty when none breaks.
 */
export async function brokenParts(code: Locator): Promise<string[]> {
  const chars = (await code.evaluate(charsOf as never)) as Char[]
  const words: Char[][] = []
  for (const c of chars)
    if (/\s/.test(c.text)) words.push([])
    else if (words.length === 0) words.push([c])
    else words[words.length - 1]?.push(c)
  const parts = words.filter((w) => w.length > 0)
  const label = (w: Char[]) => w.map((c) => c.text).join('')
  const spans = parts.map((w) => ({ label: label(w), chars: w }))
  parts.forEach((w, i) => {
    const next = parts[i + 1]
    if (w[0]?.text === '-' && next && next[0]?.text !== '-')
      spans.push({ label: `${label(w)} ${label(next)}`, chars: [...w, ...next] })
  })
  return spans.filter((s) => new Set(s.chars.map((c) => c.top)).size > 1).map((s) => s.label)
}
