import { echoed, visible } from '../lib/text'

// docs/operations.md#command-line: a failure is one line on stderr, and it may repeat what was typed (a team, a plan,
// a path, an option). Typed at 10,000 characters (a paste gone wrong, a file's content in a variable), the value came
// back whole and buried the reason and the hint after it. A word of a failure line is now cut as echoed() cuts a value
// the API repeats, whichever message names it; at 200 characters rather than the API's 60, since a line may name a
// path the operator configured (database.url, a backup's folder) and must then name its file, at the end, whole.

/** The longest a word of a failure line is shown. */
const WORD_MOST = 200
/** The longest a failure line is shown: a value of many short words is bounded by this alone. No reason or hint
 * of ours comes near it. */
const LINE_MOST = 1_000
// A run of characters without a space or a quote: a value is cut inside its quotes, which stay.
const LONG_WORD = new RegExp(`[^\\s"]{${WORD_MOST + 1},}`, 'gu')

/**
 * `message` as a failure line shows it: control and direction characters as U+FFFD (a terminal must not run what
 * was pasted), each word longer than 200 characters cut to 200 with "…", the line to 1,000.
 */
export function failureLine(message: string): string {
  return echoed(
    visible(message).replace(LONG_WORD, (word) => echoed(word, WORD_MOST)),
    LINE_MOST,
  )
}
