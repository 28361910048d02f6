import type { StreamPosition } from '../../storage/repos/stream-positions'

type Minute = [number, number, number]

// A clock this far ahead of ours is still taken at its word.
const SKEW_MS = 60_000

/**
 * A post's date as a measure of how far upstream has got, or undefined when it lies ahead of `now`: a Bluesky
 * record's createdAt is whatever the author's client wrote, and one in 2099, kept as the newest stored, showed the
 * stream 0 s behind for good after it (docs/streams.md#source-health).
 */
export const upstreamDate = (now: Date, date: string | null | undefined) =>
  date && Date.parse(date) <= now.getTime() + SKEW_MS ? date : undefined

/**
 * What source health shows of a stream (docs/streams.md#source-health): posts read and matched per minute over the
 * last hour, when upstream last spoke, how far behind it the stored position is, and a gap it could not resume across.
 */
export function streamFigures(platform: string, saved: StreamPosition | undefined) {
  const minutes: Minute[] = saved?.minutes.map((m) => [...m] as Minute) ?? []
  let heardAt = saved?.heardAt ?? null
  let gap = saved?.gap ?? null
  let gapAt = saved?.gapAt ?? null
  let caughtUp = false
  // Publication time of the newest post read, and of the newest one stored.
  let readAt: string | null = null
  let storedAt = saved?.upstreamAt ?? null
  const bucket = (now: Date) => {
    const minute = Math.floor(now.getTime() / 60_000)
    while (minutes.length > 0 && (minutes[0] as Minute)[0] <= minute - 60) minutes.shift()
    const last = minutes[minutes.length - 1]
    if (last && last[0] === minute) return last
    const fresh: Minute = [minute, 0, 0]
    minutes.push(fresh)
    return fresh
  }
  return {
    read(now: Date, date: string | undefined, matched: boolean) {
      const b = bucket(now)
      b[1]++
      if (matched) b[2]++
      if (date && (!readAt || date > readAt)) readAt = date
    },
    heard(now: Date, upToDate?: boolean) {
      heardAt = now.toISOString()
      if (upToDate !== undefined) caughtUp = upToDate
    },
    /** Upstream could not be read: nothing says it has nothing newer, so the lag runs from the stored post's date. */
    failed() {
      caughtUp = false
    },
    gap(now: Date, note: string) {
      gap = note
      gapAt = now.toISOString()
    },
    /** The row to store with `position`, once everything read up to the newest post `date` is stored. */
    row(now: Date, position: string, storedUpTo: string | null): StreamPosition {
      // One stored before dates ahead of ours were passed over is forgotten rather than kept ahead for good.
      if (!upstreamDate(now, storedAt)) storedAt = null
      if (storedUpTo && (!storedAt || storedUpTo > storedAt)) storedAt = storedUpTo
      bucket(now)
      const behind = readAt && storedAt && readAt > storedAt ? Date.parse(readAt) - Date.parse(storedAt) : 0
      const lagMs = caughtUp ? behind : storedAt ? Math.max(behind, now.getTime() - Date.parse(storedAt)) : null
      return {
        platform,
        position,
        upstreamAt: storedAt,
        lagMs,
        heardAt,
        minutes: minutes.map((m) => [...m] as Minute),
        gap,
        gapAt,
        updatedAt: now.toISOString(),
      }
    },
  }
}
