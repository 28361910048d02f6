/**
 * The prompt's post markers (`=== POST START ===`, `=== POST END ===`) as a text written by someone else may write
 * them: found as a model would read them and replaced, so that no text placed in the prompt can end the post's data
 * early or start data of its own (docs/scoring.md#the-prompt).
 */

export const POST_START = '=== POST START ==='
export const POST_END = '=== POST END ==='

// Put in a marker's place, not nothing: a marker written around another ('=== POST ', the inner one, ' END ===') was a
// marker again once the inner one was gone. Text that is neither a sign nor a space keeps the two halves apart, so
// one pass over the text holds, however deep the nesting.
const MARKER_REMOVED = '[marker removed]'

// What a model does not see as a character of its own, anywhere in a marker, its equals signs and its words included:
// format characters (U+200B, U+200D, U+2060, U+FEFF, a soft hyphen, the tag characters), the other default-ignorable
// ones (U+034F, variation selectors, the Hangul fillers), combining marks (an underline drawn under each letter still
// reads POST), and the Braille blank U+2800, which shows nothing though Unicode calls it a symbol.
const HIDDEN = '[\\p{Cf}\\p{Default_Ignorable_Code_Point}\\p{M}\\u2800]'
const SPACING = '[\\s\\p{Cf}\\p{Default_Ignorable_Code_Point}\\p{M}\\u2800]'
// Every character whose compatibility form holds '=' (fullwidth, small, superscript, subscript, ⩴ ⩵ ⩶, and ≠, an
// equals sign with a stroke over it), and signs drawn as one or two bars without being one: ꞊ ゠ ⹀ ᐀ ═.
const SIGN = '[=\\u207C\\u208C\\u2260\\u2A74-\\u2A76\\uFE66\\uFF1D\\uA78A\\u30A0\\u2E40\\u1400\\u2550]'
// A run of two or more signs, hidden characters between them aside (⩵ and ⩶ are two and three signs in one). It is
// tried only where a run starts: from each sign of a run, the run was read again from there, and a text of 20,000
// signs held the server's thread for seconds. The look-ahead first, so that the look-behind, which reads back over
// hidden characters, runs only at a sign, not at each character of a long run of hidden ones.
const RUN = `(?=${SIGN})(?<!${SIGN}${HIDDEN}*)(?:[\\u2A75\\u2A76]|${SIGN}${HIDDEN}*${SIGN})(?:${HIDDEN}*${SIGN})*`
const CLOSING_RUN = `(?:[\\u2A75\\u2A76]|${SIGN}${HIDDEN}*${SIGN})(?:${HIDDEN}*${SIGN})*`

// Letters of other scripts drawn as the marker's own, which no compatibility form joins to Latin, though
// '=== РОЅТ ЕND ===' reads as the marker: Cyrillic а е о р ѕ т ԁ, Greek α ε ο ρ τ ν, Armenian օ, in both cases.
const DRAWN_AS: Record<string, string> = {
  a: 'аАαΑ',
  e: 'еЕεΕ',
  o: 'оОοΟօՕ',
  p: 'рРρΡ',
  s: 'ѕЅ',
  t: 'тТτΤ',
  d: 'ԁԀ',
  n: 'νΝ',
  r: '',
}
// The blocks that hold forms of Latin letters: accented letters, small capitals and modifier letters, letterlike and
// enclosed ones (ⓟ), fullwidth, outlined, mathematical (𝐏) and squared ones.
const LETTER_BLOCKS: ReadonlyArray<readonly [number, number]> = [
  [0x41, 0x5a],
  [0x61, 0x7a],
  [0xc0, 0x24f],
  [0x1d00, 0x1eff],
  [0x2070, 0x24ff],
  [0xff21, 0xff5a],
  [0x1cc00, 0x1ceff],
  [0x1d400, 0x1d7ff],
  [0x1f100, 0x1f1ff],
]

/** For each letter of the markers, a class of the characters that read as it: any case, any compatibility form. */
function letterClasses(): Record<string, string> {
  const found: Record<string, string> = { ...DRAWN_AS }
  for (const [first, last] of LETTER_BLOCKS) {
    for (let cp = first; cp <= last; cp++) {
      const ch = String.fromCodePoint(cp)
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
      if (base in found) found[base] += ch
    }
  }
  return Object.fromEntries(Object.entries(found).map(([letter, chars]) => [letter, `[${chars}]`]))
}

/** The marker as a model reads it, built once, at the first text that may hold one. */
let marker: RegExp | undefined
function markerPattern(): RegExp {
  if (marker) return marker
  const l = letterClasses()
  const word = (w: string) => [...w].map((c) => l[c]).join(`${HIDDEN}*`)
  // 'st' is also one character, ﬅ or ﬆ.
  const st = `(?:${word('st')}|[\\uFB05\\uFB06])`
  const post = `${word('po')}${HIDDEN}*${st}`
  const start = `${st}${HIDDEN}*${word('art')}`
  marker = new RegExp(`${RUN}${SPACING}*${post}${SPACING}*(?:${start}|${word('end')})${SPACING}*${CLOSING_RUN}`, 'gu')
  return marker
}

// No marker without two signs side by side: the cheap test every text passes, so that most are read once.
const MAY_HOLD_MARKER = new RegExp(`${SIGN}${HIDDEN}*${SIGN}|[\\u2A75\\u2A76]`, 'u')

/** `text` with every marker it writes itself replaced by `[marker removed]`; the rest of it is kept as it is. */
export function withoutMarkers(text: string): string {
  return MAY_HOLD_MARKER.test(text) ? text.replace(markerPattern(), MARKER_REMOVED) : text
}
