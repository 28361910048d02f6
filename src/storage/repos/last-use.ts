import { remember } from '../../lib/bounded-map'

/**
 * A row's last use (a key's, an OAuth grant's), written at most once a minute. Requests that arrive together all read
 * the row before the first of them has written its use, so the row alone would have each write it again: one write
 * each, on a libSQL server a round trip each (docs/performance.md#counted-calls-at-once-on-a-slow-link). This
 * remembers, per row, the use this process wrote or is writing; `max` bounds how many rows it remembers.
 */
export function lastUseWrites(write: (id: string, at: string) => Promise<unknown>, max: number) {
  const sent = new Map<string, string>()
  return {
    async touch(id: string, at: string) {
      remember(sent, id, at, max)
      try {
        await write(id, at)
      } catch (e) {
        // Not written: the next request writes it, not a minute later.
        if (sent.get(id) === at) sent.delete(id)
        throw e
      }
    },
    /** The later of `stored`, what the row said when read, and the use this process wrote or is writing since. */
    lastUse(id: string, stored: string | null): string | null {
      const here = sent.get(id)
      return here && (!stored || here > stored) ? here : stored
    },
  }
}
