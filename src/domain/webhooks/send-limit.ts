import { AppError } from '../../errors'

// docs/webhooks.md#testing: test events and replays are sends a caller asks for, and each goes to a URL the caller
// named, so without a bound a key holder could make this server send a stream of requests to someone else's site.
// Counted per receiver (its URL, or an e-mail destination's address), so that several destinations of one team, or
// of several teams, naming the same receiver share one limit; in this process's memory, over the API, the console and
// the command line together, as the other bounds on what a caller can make the server fetch (docs/security.md).
const MAX_SENDS_ON_REQUEST = 10
const SEND_WINDOW_MS = 60_000

// The times (epoch ms) of the sends still in the window, oldest first, per receiver; per set of repositories, so
// that each server built in one process (tests build many) keeps its own.
const sendsOf = new WeakMap<object, Map<string, number[]>>()

type Receiver = { url: string; emailTo: string | null }
const receiverOf = (d: Receiver) => (d.emailTo ? `mailto:${d.emailTo.toLowerCase()}` : d.url)

/**
 * Takes one send on request to `destination`'s receiver at `nowMs`, or refuses with 429 `too_many_sends` and the
 * seconds until the oldest send in the window leaves it. Returns a function that gives it back (a replay of a
 * delivery that turns out not to exist sent nothing).
 */
export function takeSendOnRequest(owner: object, destination: Receiver, nowMs: number): () => void {
  const all = sendsOf.get(owner) ?? new Map<string, number[]>()
  sendsOf.set(owner, all)
  const since = nowMs - SEND_WINDOW_MS
  for (const [key, times] of all) if (times.every((t) => t <= since)) all.delete(key)
  const key = receiverOf(destination)
  const times = (all.get(key) ?? []).filter((t) => t > since).sort((a, b) => a - b)
  if (times.length >= MAX_SENDS_ON_REQUEST) {
    // The wait until enough of them have left the window to bring the count under the limit.
    const waitSec = Math.max(1, Math.ceil((times[times.length - MAX_SENDS_ON_REQUEST] - since) / 1000))
    throw new AppError(
      'too_many_sends',
      `this destination's receiver was sent ${MAX_SENDS_ON_REQUEST} test events or replays in the last minute, the most this server sends on request; try again in ${waitSec} seconds`,
      { retryAfterSec: waitSec },
    )
  }
  all.set(key, [...times, nowMs])
  return () => {
    const now = all.get(key) ?? []
    const at = now.indexOf(nowMs)
    if (at >= 0) now.splice(at, 1)
  }
}
