import type { Pair } from '../polling/cursor'

/** Matched pairs of the posts read up to `position`: storing the entry covers everything read before it too. */
export type QueueEntry = { pairs: Pair[]; position: string; newestDate?: string }

/**
 * The bounded queue between a stream's reader and its scorer (docs/streams.md#backpressure): entries in read order,
 * a post that matched nobody only moving the last entry's position, so its size is the matched pairs waiting. At
 * `limit` pairs it is full: a reader that pulls waits, one that is pushed to disconnects and resumes later.
 */
export function createStreamQueue(limit: number) {
  const entries: QueueEntry[] = []
  let pairs = 0
  let wake: ((force?: boolean) => void) | undefined
  let roomWaiters: (() => void)[] = []
  let released = false
  const notify = () => wake?.()
  return {
    /** A post's matched pairs (none: only the position moves) and its publication time. */
    push(entryPairs: Pair[], position: string, date?: string) {
      let tail = entries[entries.length - 1]
      if (entryPairs.length === 0 && tail) tail.position = position
      else {
        tail = { pairs: entryPairs, position }
        entries.push(tail)
      }
      if (date && (!tail.newestDate || date > tail.newestDate)) tail.newestDate = date
      pairs += entryPairs.length
      notify()
    },
    /** Drops the waiting pairs of post `postId` (deleted upstream); their entries keep their positions. */
    drop(postId: string) {
      for (const e of entries) {
        const kept = e.pairs.filter((p) => p.postId !== postId)
        pairs -= e.pairs.length - kept.length
        e.pairs = kept
      }
      if (pairs < limit) {
        for (const w of roomWaiters) w()
        roomWaiters = []
      }
    },
    /**
     * An edit of a post read before (docs/streams.md#edited-statuses): the pairs of the post still waiting take the
     * edited post in their place, for each team `edited` has a pair for, so a team is scored and signalled once, on
     * what the post now says. Answers the pairs of the teams that had none waiting.
     */
    revise(postId: string, edited: Pair[]): Pair[] {
      const left = new Map(edited.map((p) => [p.teamId, p]))
      for (const e of entries)
        e.pairs = e.pairs.map((p) => {
          const now = p.postId === postId ? left.get(p.teamId) : undefined
          if (!now) return p
          left.delete(p.teamId)
          return now
        })
      return [...left.values()]
    },
    /** The oldest entries holding at most `max` pairs (at least one entry). */
    take(max: number): QueueEntry[] {
      let n = 0
      let count = 0
      while (n < entries.length && (n === 0 || count + (entries[n] as QueueEntry).pairs.length <= max)) {
        count += (entries[n] as QueueEntry).pairs.length
        n++
      }
      const taken = entries.splice(0, n)
      pairs -= count
      if (pairs < limit) {
        for (const w of roomWaiters) w()
        roomWaiters = []
      }
      return taken
    },
    pairs: () => pairs,
    isEmpty: () => entries.length === 0,
    full: () => pairs >= limit,
    room: () => (pairs < limit || released ? Promise.resolve() : new Promise<void>((r) => roomWaiters.push(r))),
    /** Resolves once there is something to take (with `pairsOnly`, matched pairs), or after `ms`. */
    work(ms: number, pairsOnly = false): Promise<void> {
      const ready = () => (pairsOnly ? pairs > 0 : entries.length > 0)
      if (ready()) return Promise.resolve()
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer)
          wake = undefined
          resolve()
        }
        const timer = setTimeout(done, ms)
        wake = (force) => {
          if (force || ready()) done()
        }
      })
    },
    /** Lets every waiting reader go (shutdown). */
    release() {
      // A reader that asks for room after this has it at once: nothing will take from the queue again.
      released = true
      for (const w of roomWaiters) w()
      roomWaiters = []
      wake?.(true)
    },
  }
}
