import { truncate } from '../lib/text'

/**
 * A text's length as the model reads it: inside a tool result's JSON text (tool.ts), where a quote or a backslash
 * takes two characters and a control character six (`\u0001`), so a post of code or logs counted as sent came to up
 * to six times the size a result was measured for (docs/api.md#mcp-tools, result sizes).
 */
export const escapedLength = (text: string) => JSON.stringify(text).length - 2

/** The longest start of `text` (never half an emoji, truncate) whose escaped length is at most `most`. */
export function escapedStart(text: string, most: number): string {
  if (escapedLength(text) <= most) return text
  // An escaped text is never shorter than the text, so the start is at most `most` characters long.
  let low = 0
  let high = Math.min(text.length, most)
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (escapedLength(truncate(text, mid)) <= most) low = mid
    else high = mid - 1
  }
  return truncate(text, low)
}
