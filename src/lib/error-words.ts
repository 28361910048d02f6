import { HIDING_CHARS, shortened } from './text'

/** What source health keeps of a failure's words (docs/api.md#source-health): a line, not a page. */
export const ERROR_WORDS_MAX = 500
// Line breaks and other spacing controls read as a space; the other control and direction characters are dropped.
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g
const HIDING = new RegExp(`[${HIDING_CHARS}]`, 'gu')

/**
 * A failure's words as they are stored and answered: they may quote a platform (an error body), which anyone upstream
 * writes. U+0000 would cut the stored text where it stands (the database reads it back to there), an escape sequence
 * would run in a terminal that prints the answer, and a 10,000-character body filled the Sources page.
 */
export function errorWords(text: string): string {
  return shortened(oneShownLine(text).replace(/ {2,}/g, ' ').trim(), ERROR_WORDS_MAX)
}

/** `text` on one line (its breaks as spaces) without control or direction characters: an error a caller is given. */
export const oneShownLine = (text: string) => text.replace(BREAKS, ' ').replace(HIDING, '')
