/** The first `max` UTF-16 units of `text`, never ending inside a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text
  const code = text.charCodeAt(max - 1)
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max)
}

/**
 * At most `max` characters, ending where a word ends when one ends in the last 40 (a word cut short, "spreadshee",
 * reads as a typo): for a text shown cut, followed by "…". Never splits an emoji (truncate).
 */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = truncate(text, max)
  return endAtWord(cut, text[cut.length] ?? '')
}

// `cut`, the start of a text whose next character is `next`, without the start of a word it cuts (cutAtWord).
function endAtWord(cut: string, next: string): string {
  if (!/[\p{L}\p{N}]/u.test(next)) return cut.trimEnd()
  const start = cut.search(/[\p{L}\p{N}]+$/u)
  return (start >= cut.length - 40 && start > 0 ? cut.slice(0, start) : cut).trimEnd()
}

// A text cut short, without the spaces and punctuation before the cut, and "…".
function closed(cut: string): string {
  const bare = cut.replace(/[\s,;:.!?(\u2014-]+$/u, '')
  return `${bare || cut}…`
}

/**
 * `text` in at most `most` characters: whole when it fits, else cut where a word ends (cutAtWord), without the spaces
 * and punctuation before the cut, and followed by "…".
 */
export function shortened(text: string, most: number): string {
  if (text.length <= most) return text
  return closed(cutAtWord(text, most - 1))
}

/**
 * A post's preview as a page or a message shows it (docs/console.md#the-signals-page): the preview is the post's first
 * 300 characters, cut wherever they end. When the post goes on past it (`full`, its text, is longer; or `true`: known
 * to be, its text not at hand) it ends where a word ends, as shortened cuts, and "…"; else it is shown as it is.
 */
export function previewShown(preview: string, full: string | true | null | undefined): string {
  if (full !== true && (!full || full.length <= preview.length)) return preview
  // Without the text, the character after the preview is taken to go on with its last word.
  return closed(endAtWord(preview, full === true ? 'a' : (full[preview.length] ?? '')))
}

/** The mark that closes a quotation `cut` leaves open (an odd number of ", or more “ than ”), or ''. */
export function opened(cut: string): string {
  const count = (mark: string) => cut.split(mark).length - 1
  return count('"') % 2 === 1 ? '"' : count('“') > count('”') ? '”' : ''
}

/**
 * `text` in at most `most` characters as shortened cuts it, and a quotation the cut leaves open (an odd number of ",
 * or more “ than ”) closed after the "…", so that what follows the text is not read as quoted; a quotation opened just
 * before the cut, with nothing in it, is left out with the marks before it.
 */
export function shortenedQuoting(text: string, most: number): string {
  if (text.length <= most) return text
  let cut = shortened(text, most).slice(0, -1)
  if (opened(cut)) {
    cut = shortened(text, most - 1).slice(0, -1)
    if (/["“]$/.test(cut)) cut = cut.slice(0, -1).replace(/[\s,;:(-]+$/u, '')
  }
  return `${cut}…${opened(cut)}`
}

/**
 * What a caller sent, as an error message repeats it (docs/api.md#requests-and-responses, echoes) or a log line names
 * it: at most `most` characters (60 unless told), and the characters that hide or reorder text (controls, direction
 * marks) shown as U+FFFD, so that a path of 5,000 characters or a right-to-left override does not come back as sent.
 */
export function echoed(text: string, most = 60): string {
  const shown = visible(text)
  return shown.length <= most ? shown : `${truncate(shown, most - 1)}…`
}

/**
 * Text others wrote as a listing shows it (docs/operations.md#command-line): control characters (an escape sequence a
 * terminal would run: clear it, write the clipboard) and direction characters as U+FFFD.
 */
export const visible = (text: string) => text.replace(HIDING_ALL, '\ufffd')
/** Unicode's Bidi_Control characters (those that reorder text), as the inside of a character class. */
export const DIRECTION_CHARS = '\\p{Bidi_Control}'
/**
 * Control characters and Unicode's Bidi_Control characters (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to
 * U+2069), as the inside of a character class: the one list of the characters that hide or reorder text, named by
 * their properties so that none is left out (U+061C, the Arabic letter mark, was).
 */
export const HIDING_CHARS = `\\p{Cc}${DIRECTION_CHARS}`
const HIDING_ALL = new RegExp(`[${HIDING_CHARS}]`, 'gu')
// The same characters, the first one found (a global pattern's exec keeps a position between calls).
const HIDING = new RegExp(HIDING_ALL.source, 'u')
/**
 * Of the Bidi_Control characters, those that force a direction on the text after them, as the inside of a character
 * class: the embeddings and overrides (U+202A to U+202E) and the isolates (U+2066 to U+2069). Text that keeps natural
 * right-to-left writing as it is (a message to people, an export's cell) leaves these out; the marks (U+061C, U+200E,
 * U+200F) it keeps, as a letter of a right-to-left script they reorder nothing more than it does.
 */
export const FORCING_DIRECTION = '\\u202a-\\u202e\\u2066-\\u2069'

// Combining marks on one letter beyond four ("Zalgo" text piles dozens): drawn above and below the letter, they covered
// the lines and rows around it, in an e-mail and in the console. Writing needs few: two on a Vietnamese vowel, a vowel
// and a shadda in Arabic, a Hebrew letter's points.
const STACKED_MARKS = /(\p{M}{4})\p{M}+/gu
/** `text` with at most four combining marks on a letter (docs/destinations.md#bodies). */
export const fewerMarks = (text: string) => text.replace(STACKED_MARKS, '$1')

/**
 * A name that holds a character `visible` would replace (a control or direction character) refused in words: `what`
 * must not hold one, which (as U+XXXX, never the character itself), and why. Undefined when it holds none.
 */
export function hidingRefusal(what: string, name: string): string | undefined {
  const issue = hidingIssue(name)
  return issue && `${what} ${issue}`
}

/** As hidingRefusal, without its subject: the message of a refusal's `details`, whose `field` names it. */
export function hidingIssue(name: string): string | undefined {
  const found = HIDING.exec(name)?.[0]
  if (found === undefined) return undefined
  const code = `U+${found.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`
  return `must not hold a control or direction character (${code}): it would show other than it reads`
}

/** Text made safe inside HTML, in an element or a quoted attribute (platform text is attacker-controlled). */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/**
 * What a string anywhere in a parsed JSON value holds that the database cannot keep as sent, in words, or undefined:
 * U+0000 (kept, but read back cut at it) or half of a UTF-16 surrogate pair (stored as U+FFFD, another text than the
 * one sent): docs/api.md#requests-and-responses. The depth is the caller's to bound.
 */
export function unstorableText(value: unknown): string | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return 'the character U+0000'
    return value.isWellFormed()
      ? undefined
      : 'half of a UTF-16 surrogate pair (\\ud800 to \\udfff without its other half)'
  }
  if (typeof value !== 'object' || value === null) return undefined
  for (const inner of Object.values(value)) {
    const found = unstorableText(inner)
    if (found) return found
  }
  return undefined
}

/**
 * What a profile's name is found by (docs/operations.md#teams-keys-keywords-and-profiles): the same in any case, around
 * spaces left out, and in either Unicode form (é as one character or as e and a combining accent show alike).
 */
export const nameKey = (name: string) => name.trim().normalize('NFC').toLowerCase()

/** Names as a sentence says them: "a", "a and b", "a, b and c". */
export const listed = (names: readonly string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
