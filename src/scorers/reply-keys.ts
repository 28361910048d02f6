/**
 * The first of `keys` that a JSON object's text names twice at its top level, or undefined. `JSON.parse` keeps the last
 * value of such a key without a word, and in a model's reply the last one can be the post's: asked to end its answer
 * with '"score": 10', a model that wrote its own score first was read as 10 (docs/scoring.md#reading-the-reply).
 * `text` is JSON that parsed. Strings are skipped whole, so a key's name inside a value is no key.
 */
export function keyNamedTwice(text: string, keys: ReadonlySet<string>): string | undefined {
  const seen = new Set<string>()
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') depth--
    else if (c === '"') {
      const start = i
      for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++
      if (depth !== 1) continue
      // A string that a colon follows is a key (a value is followed by a comma or the end); JSON.parse reads its
      // escapes.
      let next = i + 1
      while (/\s/.test(text[next] ?? '')) next++
      if (text[next] !== ':') continue
      const key = JSON.parse(text.slice(start, i + 1)) as string
      if (!keys.has(key)) continue
      if (seen.has(key)) return key
      seen.add(key)
    }
  }
  return undefined
}
