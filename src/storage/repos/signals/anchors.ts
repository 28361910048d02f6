import type { Db } from '../../engine/types'
import { cacheKey } from './cache'
import { perShape, type SignalFilter, shapeOf } from './filter-shape'
import { anchorQuery } from './queries'

/**
 * Default distance between keyset anchors: a page at any offset walks fewer than this many index entries plus its
 * limit. At 1,000 the walk was about a third of an uncached page's time (docs/performance.md#signal-rows).
 */
export const ANCHOR_EVERY = 100
const ANCHOR_KEYS_KEPT = 1000
// Anchors held in all (about 120 bytes each, 12 MB in all): ten filters paged to the end of a million signals.
export const ANCHORS_KEPT = 100_000
// Attempts at a deep page while the team's signals keep changing under it, before falling back to a plain OFFSET.
const ANCHOR_ATTEMPTS = 3

/** The sort key of one row: a keyset bound. */
export type Anchor = { score: number; publishedAt: string; id: string }
/**
 * anchors[k] is the sort key of the row at 0-based position (k+1)*every-1 of one (team, signals version, filter).
 * `complete`: an extension found no further anchor, so there are exactly `anchors.length`. `pending`: the extension
 * in flight, which concurrent requests wait for rather than repeat.
 */
type AnchorEntry = { anchors: Anchor[]; complete: boolean; pending?: Promise<void> }

/** The team's signals version moved while anchors were being computed; carries the version now stored. */
class VersionMoved {
  constructor(readonly version: number) {}
}

/**
 * Keyset anchors, so that a deep page starts from the sort key of the row at the end of the block of `every` rows
 * before its offset's block instead of walking every row before it. Remembered per (team, signals version, filter),
 * least recently used first; never reused across versions.
 */
export function createAnchors(
  db: Db,
  a: { every: number; kept: number },
  currentVersion: (teamId: string) => Promise<number>,
) {
  const { every, kept } = a
  const anchorQueryOf = perShape((shape) => anchorQuery(db, shape))
  const anchorSets = new Map<string, AnchorEntry>()
  // Anchors in the entries of anchorSets.
  let held = 0

  function anchorEntry(key: string): AnchorEntry {
    let entry = anchorSets.get(key)
    // Re-inserted on every use, so the first entry of the map is the least recently used.
    if (entry) anchorSets.delete(key)
    else entry = { anchors: [], complete: false }
    anchorSets.set(key, entry)
    dropOver(entry)
    return entry
  }

  /** Drops least recently used entries other than `inUse` while there are too many entries or anchors. */
  function dropOver(inUse: AnchorEntry) {
    for (const [key, entry] of anchorSets) {
      if (anchorSets.size <= ANCHOR_KEYS_KEPT && held <= kept) return
      if (entry === inUse) continue
      anchorSets.delete(key)
      held -= entry.anchors.length
    }
  }

  /**
   * Computes anchors from the last known one up to index `k`, one index walk of `every` entries each, and stores
   * them only if the team's signals version is still `version` afterwards: versions only grow, so every read in
   * between saw that version's rows and the stored anchors all describe one state of the data.
   */
  async function extend(key: string, entry: AnchorEntry, teamId: string, version: number, f: SignalFilter, k: number) {
    const found: Anchor[] = []
    let complete = false
    let last = entry.anchors.at(-1)
    for (let i = entry.anchors.length; i <= k; i++) {
      const [row] = await anchorQueryOf(shapeOf(f, false, last !== undefined)).all({
        teamId,
        ...f,
        skip: every - 1,
        ...(last && { anchorScore: last.score, anchorPublishedAt: last.publishedAt, anchorId: last.id }),
      })
      if (!row) {
        complete = true
        break
      }
      found.push(row)
      last = row
    }
    const now = await currentVersion(teamId)
    if (now !== version) throw new VersionMoved(now)
    entry.anchors.push(...found)
    entry.complete = complete
    // An entry dropped while it was being extended is no longer counted.
    if (anchorSets.get(key) === entry) {
      held += found.length
      dropOver(entry)
    }
  }

  /** anchors[k] for this version and filter, computing any missing ones; undefined when the data has fewer rows. */
  async function anchorAt(teamId: string, version: number, f: SignalFilter, k: number): Promise<Anchor | undefined> {
    const key = cacheKey(teamId, version, f)
    const entry = anchorEntry(key)
    while (entry.anchors.length <= k && !entry.complete) {
      if (entry.pending) {
        // Another request is extending this same array; wait for it, then look again (its failure is its own).
        await entry.pending.catch(() => {})
        continue
      }
      const pending = extend(key, entry, teamId, version, f, k)
      entry.pending = pending
      try {
        await pending
      } finally {
        if (entry.pending === pending) entry.pending = undefined
      }
    }
    return entry.anchors[k]
  }

  /**
   * The page at `offset`: `read(anchor, offsetPastIt)` from the anchor before the offset's block, or from the start
   * (no anchor) for the first block. `version` is the team's signals version when the caller has it (otherwise read).
   */
  return async function anchoredPage<T>(
    teamId: string,
    f: SignalFilter,
    a: { offset: number; version?: number },
    read: (anchor: Anchor | undefined, offset: number) => Promise<T[]>,
  ): Promise<T[]> {
    const k = Math.floor(a.offset / every) - 1
    if (k < 0) return read(undefined, a.offset)
    let version = a.version ?? (await currentVersion(teamId))
    for (let attempt = 0; attempt < ANCHOR_ATTEMPTS; attempt++) {
      try {
        const anchor = await anchorAt(teamId, version, f, k)
        // No row at the anchor's position: the offset is past the end.
        if (!anchor) return []
        return await read(anchor, a.offset - (k + 1) * every)
      } catch (err) {
        if (!(err instanceof VersionMoved)) throw err
        version = err.version
      }
    }
    // Signals kept arriving during every attempt: the plain walk reads one consistent state.
    return read(undefined, a.offset)
  }
}
