import type { QuietFrames } from './commit-watch'

/**
 * Frames that the quiet writes of this process may add to the write-ahead log before it is checkpointed
 * (docs/performance.md#quiet-checkpoints). Reads cost the same up to about this many of the charges' frames, and
 * more and more after it: with 80,000 of them, an uncached page of signals took 2.3 times as long to read.
 */
const QUIET_FRAMES_PER_CHECKPOINT = 1000

/**
 * Checkpoints the log once this process's quiet writes (the charges every counted call makes) have added `every`
 * frames to it. Those writes rewrite the same few pages (a team's counters) on every commit, and each copy is one
 * more entry in the log's index, which every read of a page not in the engine's cache searches; copies of one page
 * sit side by side there, so a page whose search lands among them steps through all of them. A checkpoint copies the
 * few pages back to the file, and the next commit starts the log over.
 *
 * Only when the log holds at most twice `every` frames: more means other writes (a polling pass's writer, an import)
 * are filling it, and copying their pages back is the long checkpoint that `wal_autocheckpoint` puts off for them
 * (storage/connection-settings.ts); it would stall this thread. The count is kept until the log is short again,
 * which it is once that checkpoint has started it over. PASSIVE: it waits for nobody, and copies what no reader of
 * another process still needs. `checkpoint` runs the statement; a checkpoint that fails is left for the next one,
 * since the commit before it has succeeded.
 */
export function quietCheckpoints(checkpoint: (sql: string) => void, every = QUIET_FRAMES_PER_CHECKPOINT) {
  let quiet = 0
  return ({ added, inLog }: QuietFrames) => {
    quiet += added
    if (quiet < every || inLog > 2 * every) return
    quiet = 0
    try {
      checkpoint('PRAGMA wal_checkpoint(PASSIVE)')
    } catch {
      // The write succeeded; the log is checkpointed after the next `every` frames, or by wal_autocheckpoint.
    }
  }
}
