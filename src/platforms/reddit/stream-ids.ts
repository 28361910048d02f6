// Reddit numbers posts and comments in base 36, each kind in the order they are made (reddit.com/dev/api, "fullnames"),
// so the ids of one listing lie close together, and the whole count grows by far less than tenfold in a decade.
// An id more than this many times the listing's median id is not one Reddit gave (a broken answer, a mirror).
const AHEAD_FACTOR = 10

const value = (id: string) => Number.parseInt(id, 36)

/**
 * Whether an id stands impossibly far ahead, judged by the ids `listed` (one listing, as read): beyond what a position
 * can hold as a count (Number.MAX_SAFE_INTEGER), or more than AHEAD_FACTOR times their lower median, which one or a
 * few such ids cannot move. Only an id's value is judged, never its absence from a listing: a post removed after it
 * became the position is listed no more, and the ids after it are still newer (docs/streams.md#resuming).
 */
export function aheadOfListing(listed: string[]) {
  const values = listed
    .map(value)
    .filter(Number.isSafeInteger)
    .sort((a, b) => a - b)
  const median = values[Math.floor((values.length - 1) / 2)]
  return (id: string) => {
    const n = value(id)
    return !Number.isSafeInteger(n) || (median !== undefined && n > median * AHEAD_FACTOR)
  }
}
