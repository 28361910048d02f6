/**
 * How a word found near a complaint is written, read from its characters (docs/model.md#performance): productNear
 * (rivals.ts) asks these of each word of a sentence, and an expression or a replace per question cost it more than
 * the rest of its work. Each says what the expression beside it says.
 */

const isLower = (c: number) => c >= 97 && c <= 122
const isUpper = (c: number) => c >= 65 && c <= 90

/** `w` without its trailing points, apostrophes and hyphens: `w.replace(/[.'’-]+$/, '')`. */
export function trimTrailing(w: string): string {
  let end = w.length
  for (let c = w.charCodeAt(end - 1); c === 46 || c === 39 || c === 0x2019 || c === 45; c = w.charCodeAt(end - 1)) end--
  return end === w.length ? w : w.slice(0, end)
}

/** `w` without a leading @ or #: `w.replace(/^[@#]/, '')`. */
export const withoutSign = (w: string) => (w.charCodeAt(0) === 64 || w.charCodeAt(0) === 35 ? w.slice(1) : w)

/** `w` without apostrophes: `w.replace(/['’]/g, '')`. */
export const withoutApostrophes = (w: string) => (w.includes("'") || w.includes('’') ? w.replace(/['’]/g, '') : w)

/** A name without the possessive it was written with: "ShipHero's" → "ShipHero". */
export const withoutPossessive = (w: string) => (/['’]s$/i.test(w) && w.length > 2 ? w.slice(0, -2) : w)

/**
 * A name written as a product's: a capital inside a word ("hubSpot", "HubSpot") or a domain's ending ("acme.io"):
 * `/^[a-z]+[A-Z]|^[A-Z][a-z]+[A-Z]/.test(w) || /\.[a-z]{2,}$/.test(w)`.
 */
export function looksLikeProduct(w: string): boolean {
  const first = w.charCodeAt(0)
  if (isLower(first) || (isUpper(first) && isLower(w.charCodeAt(1)))) {
    let i = 1
    while (isLower(w.charCodeAt(i))) i++
    if (isUpper(w.charCodeAt(i))) return true
  }
  let end = w.length
  while (end > 0 && isLower(w.charCodeAt(end - 1))) end--
  return w.length - end >= 2 && w.charCodeAt(end - 1) === 46
}

/** A capital followed by a small letter: `/^[A-Z][a-z]/.test(w)`. */
export const isCapitalised = (w: string) => isUpper(w.charCodeAt(0)) && isLower(w.charCodeAt(1))

const isLetter = (c: number) => isLower(c) || isUpper(c)
/** `[\w.&+'’-]`: what a word goes on with. */
const goesOn = (c: number) =>
  isLetter(c) ||
  (c >= 48 && c <= 57) ||
  c === 95 ||
  c === 46 ||
  c === 38 ||
  c === 43 ||
  c === 39 ||
  c === 0x2019 ||
  c === 45

/**
 * The words of text[from, to) as `/[@#]?[A-Za-z][\w.&+'’-]* /g` finds them there, each as [start, end) in `at`
 * (reused from call to call); returns how many were found.
 */
export function wordsIn(text: string, from: number, to: number, at: number[]): number {
  let n = 0
  let i = from
  while (i < to) {
    const c = text.charCodeAt(i)
    const signed = (c === 64 || c === 35) && i + 1 < to && isLetter(text.charCodeAt(i + 1))
    if (!signed && !isLetter(c)) {
      i++
      continue
    }
    const start = i
    i += signed ? 2 : 1
    while (i < to && goesOn(text.charCodeAt(i))) i++
    at[2 * n] = start
    at[2 * n + 1] = i
    n++
  }
  return n
}
