import { HIDING_CHARS } from '../lib/text'

/**
 * docs/queries.md#spaces: spaces, tabs and line breaks only separate the parts of a query, so a keyword is kept with
 * each run of them as one space (inside a phrase too, whose words are matched as words) and none at either end. A
 * zero-width no-break space is left alone: inside a word it shows nothing and joins it (docs/queries.md#words).
 */
export const SPACE = /[^\S\ufeff]/u

/**
 * Control characters other than tabs and line breaks (spaces above), and the marks that reorder or redirect text
 * (U+202E shows `crm` as `mrc`), lib/text.ts's one list of them: a keyword holding one shows other than it reads in
 * every list, and no post's words hold one, so it is refused where it is.
 */
const HIDDEN = new RegExp(`(?!\\s)[${HIDING_CHARS}]`, 'u')

/** The keyword as tracked, and for each of its characters the 1-based position it was written at. */
export function spacedOut(written: string): { text: string; at: number[] } {
  let text = ''
  const at: number[] = []
  let space = 0
  for (let i = 0; i < written.length; i++) {
    if (SPACE.test(written[i])) {
      space ||= i + 1
      continue
    }
    if (space && text !== '') {
      text += ' '
      at.push(space)
    }
    space = 0
    text += written[i]
    at.push(i + 1)
  }
  return { text, at }
}

export const spaced = (written: string) => spacedOut(written).text

/** Where the first control or direction character is (1-based), and what it is called, or undefined. */
export function hiddenCharacter(written: string): { position: number; code: string } | undefined {
  const i = written.search(HIDDEN)
  if (i < 0) return undefined
  const code = (written.codePointAt(i) ?? 0).toString(16).toUpperCase().padStart(4, '0')
  return { position: i + 1, code: `U+${code}` }
}
