import { openShmHeader, type ShmHeader } from './shm-header'

/**
 * Tells, without a statement, whether anything was committed to a local database file since the last look, by any
 * connection of any process (docs/performance.md#cached-keys).
 *
 * In WAL mode every commit rewrites the WAL-index header at the start of the database's `-shm` file, which every
 * reader reads first to find the newest commit: its change counter grows by one a commit, its frame count and salts
 * move with the log. The layout is shared by every SQLite since 3.7.0 (processes running different versions use
 * the same file), so it is read here as it is written there: two copies of a 48-byte header, written second copy
 * first, equal when no writer is half-way through. The wal-index is never moved between machines, so SQLite writes
 * it in the machine's own byte order, the order its words are read in here (shm-header.ts).
 *
 * `epoch()` is a number that stays the same for as long as the header does; null when the header cannot be read
 * (no WAL, a writer in the middle of an update), and then nothing may be taken from a cache.
 *
 * The file stays open until `close()`, which must come after the engine's own connections to the file are closed:
 * POSIX file locks belong to the process, and closing any descriptor of a file drops all of them, including the
 * engine's locks on the -shm file. While one of our connections is open, SQLite never deletes that file.
 */
export type CommitWatch = {
  epoch(): number | null
  /** Right after BEGIN IMMEDIATE of a quiet write (docs/performance.md#quiet-writes): its mark, or null. */
  quietBegin(): QuietMark | null
  /**
   * Right after that write's COMMIT: keeps the epoch if the commit was the only one since the mark. Returns, for
   * quiet-checkpoints.ts, how many frames the log gained since the mark (the whole log when the commit started it
   * over) and how many it holds.
   */
  quietEnd(mark: QuietMark): QuietFrames
  close(): void
}
type QuietMark = { header: Uint32Array; change: number; frames: number }
/** What a quiet commit left in the log: the frames it added, and the frames the log holds now. */
export type QuietFrames = { added: number; inLog: number }

const HEADER_WORDS = 12
const LAYOUT_VERSION = 3007000
const CHANGE_WORD = 2
const IS_INIT_BYTE = 12
// The header's count of valid frames in the log (mxFrame), which a checkpoint's restart of the log sets back to 0.
const FRAMES_WORD = 4

export function openCommitWatch(dbPath: string): CommitWatch {
  // Both copies of the header as last read, and the header the epoch stands for.
  const words = new Uint32Array(2 * HEADER_WORDS)
  const bytes = new Uint8Array(words.buffer)
  const known = new Uint32Array(HEADER_WORDS)
  let hasKnown = false
  let shm: ShmHeader | null = null
  let closed = false
  let epoch = 0

  /** Reads the header into `words`; false when it cannot be trusted. */
  function header(): boolean {
    if (closed) return false
    shm ??= openShmHeader(`${dbPath}-shm`, words.byteLength)
    if (!shm?.read(words)) return false
    if (words[0] !== LAYOUT_VERSION || bytes[IS_INIT_BYTE] !== 1) return false
    for (let i = 0; i < HEADER_WORDS; i++) if (words[i] !== words[HEADER_WORDS + i]) return false
    return true
  }
  const isKnown = (h: Uint32Array) => {
    if (!hasKnown) return false
    for (let i = 0; i < HEADER_WORDS; i++) if (h[i] !== known[i]) return false
    return true
  }
  const remember = (h: Uint32Array) => {
    known.set(h.subarray(0, HEADER_WORDS))
    hasKnown = true
  }

  return {
    epoch() {
      if (!header()) return null
      if (!isKnown(words)) {
        remember(words)
        epoch++
      }
      return epoch
    },
    // The write lock is held from BEGIN IMMEDIATE to COMMIT, so no other commit can land between the two reads of
    // a mark, and its header is the newest; one that lands right after COMMIT makes the counter grow by two.
    quietBegin() {
      return header()
        ? { header: words.slice(0, HEADER_WORDS), change: words[CHANGE_WORD], frames: words[FRAMES_WORD] }
        : null
    },
    quietEnd(mark) {
      if (!header()) return { added: 0, inLog: 0 }
      if (isKnown(mark.header) && words[CHANGE_WORD] === (mark.change + 1) % 2 ** 32) remember(words)
      const inLog = words[FRAMES_WORD]
      return { added: inLog >= mark.frames ? inLog - mark.frames : inLog, inLog }
    },
    close() {
      closed = true
      shm?.close()
      shm = null
    },
  }
}
