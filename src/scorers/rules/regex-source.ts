// Reading a regular expression's source (first-words.ts): its alternatives, and where a group or class closes.

/** Top-level alternatives of a source: split on `|` outside groups and classes. */
export function splitTop(source: string): string[] {
  const parts: string[] = []
  let depth = 0
  let inClass = false
  let start = 0
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]
    if (ch === '\\') i++
    else if (inClass) inClass = ch !== ']'
    else if (ch === '[') inClass = true
    else if (ch === '(') depth++
    else if (ch === ')') depth--
    else if (ch === '|' && depth === 0) {
      parts.push(source.slice(start, i))
      start = i + 1
    }
  }
  parts.push(source.slice(start))
  return parts
}

/** Where the group or class opening at `open` closes, or -1. */
export function closing(source: string, open: number): number {
  let depth = 0
  let inClass = false
  for (let i = open; i < source.length; i++) {
    const ch = source[i]
    if (ch === '\\') i++
    else if (inClass) {
      if (ch === ']') {
        inClass = false
        if (depth === 0) return i
      }
    } else if (ch === '[') inClass = true
    else if (ch === '(') depth++
    else if (ch === ')' && --depth === 0) return i
  }
  return -1
}
