/** The name a typo most likely meant: at most two letters apart (a command, an option). */
export function nearest(typed: string, names: string[]): string | undefined {
  let best: string | undefined
  let bestDistance = 3
  for (const n of names) {
    const d = distance(typed, n)
    if (d < bestDistance) [best, bestDistance] = [n, d]
  }
  return best
}

function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(
        (row[j] as number) + 1,
        (next[j - 1] as number) + 1,
        (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
    row = next
  }
  return row[b.length] as number
}

/**
 * The one name that is `typed` with words added (`requests` for `monthly_requests`, `timeout` for `timeout_ms`): a
 * key written short is too many letters away to read as a typo. Undefined when no name, or more than one, fits.
 */
export function longerName(typed: string, names: string[], separator = '_'): string | undefined {
  const words = typed.split(separator)
  const fits = names.filter((name) => {
    const all = name.split(separator)
    const cut = all.length - words.length
    if (cut <= 0) return false
    for (let at = 0; at <= words.length; at++)
      if ([...all.slice(0, at), ...all.slice(at + cut)].join(separator) === typed) return true
    return false
  })
  return fits.length === 1 ? fits[0] : undefined
}
