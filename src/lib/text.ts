/** The first `max` UTF-16 units of `text`, never ending inside a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text
  const code = text.charCodeAt(max - 1)
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max)
}

/**
 * What a caller sent, as an error message repeats it (docs/api.md#requests-and-responses, echoes): at most 60
 * characters, and the characters that hide or reorder text (controls, direction marks) shown as U+FFFD, so that a
 * path of 5,000 characters or a right-to-left override does not come back as sent.
 */
export function echoed(text: string): string {
  const shown = text.replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '\ufffd')
  return shown.length <= 60 ? shown : `${truncate(shown, 59)}…`
}

/** Text made safe inside HTML, in an element or a quoted attribute (platform text is attacker-controlled). */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/**
 * Whether a string anywhere in a parsed JSON value holds U+0000, which the database keeps but reads back cut at it
 * (docs/api.md#requests-and-responses). The depth is the caller's to bound.
 */
export const holdsNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\u0000')
    : typeof value === 'object' && value !== null && Object.values(value).some(holdsNul)

/**
 * Whether a string anywhere in a parsed JSON value holds half of a UTF-16 surrogate pair, which UTF-8, and so the
 * database, cannot hold: it would be stored as U+FFFD, another text than the one sent (docs/api.md#requests-and-responses).
 */
export const holdsLoneSurrogate = (value: unknown): boolean =>
  typeof value === 'string'
    ? !value.isWellFormed()
    : typeof value === 'object' && value !== null && Object.values(value).some(holdsLoneSurrogate)
