import { closeSync, openSync, readSync } from 'node:fs'
import { endianness } from 'node:os'

/**
 * Tells, without a statement, whether anything was committed to a local database file since the last look, by any
 * connection of any process (docs/performance.md#cached-keys).
 *
 * In WAL mode every commit rewrites the WAL-index header at the start of the database's `-shm` file, which every
 * reader reads first to find the newest commit: its change counter grows by one a commit, its frame count and salts
 * move with the log. The layout is shared by every SQLite since 3.7.0 (processes running different versions use
 * the same file), so it is read here as it is written there: two copies of a 48-byte header, written second copy
 * first, equal when no writer is half-way through.
 *
 * `epoch()` is a number that stays the same for as long as the header does; null when the header cannot be read
 * (no WAL, a writer in the middle of an update), and then nothing may be taken from a cache.
 *
 * The descriptor stays open until `close()`, which must come after the engine's own connections to the file are
 * closed: POSIX file locks belong to the process, and closing any descriptor of a file drops all of them, including
 * the engine's locks on the -shm file. While one of our connections is open, SQLite never deletes that file.
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
export type QuietMark = { header: string; change: number; frames: number }
/** What a quiet commit left in the log: the frames it added, and the frames the log holds now. */
export type QuietFrames = { added: number; inLog: number }

const HEADER_BYTES = 48
const LAYOUT_VERSION = 3007000
const CHANGE_OFFSET = 8
const IS_INIT_OFFSET = 12
// The header's count of valid frames in the log (mxFrame), which a checkpoint's restart of the log sets back to 0.
const FRAMES_OFFSET = 16

export function openCommitWatch(dbPath: string): CommitWatch {
  const buf = Buffer.alloc(2 * HEADER_BYTES)
  // The wal-index is never moved between machines, so SQLite writes it in the machine's own byte order.
  const little = endianness() === 'LE'
  const u32 = (offset: number) => (little ? buf.readUInt32LE(offset) : buf.readUInt32BE(offset))
  let fd: number | null = null
  let closed = false
  let known = ''
  let epoch = 0

  function header(): string | null {
    if (closed) return null
    if (fd === null) {
      try {
        fd = openSync(`${dbPath}-shm`, 'r')
      } catch {
        return null
      }
    }
    if (readSync(fd, buf, 0, buf.length, 0) !== buf.length) return null
    if (u32(0) !== LAYOUT_VERSION || buf[IS_INIT_OFFSET] !== 1) return null
    if (!buf.subarray(0, HEADER_BYTES).equals(buf.subarray(HEADER_BYTES))) return null
    return buf.toString('latin1', 0, HEADER_BYTES)
  }

  return {
    epoch() {
      const now = header()
      if (now === null) return null
      if (now !== known) {
        known = now
        epoch++
      }
      return epoch
    },
    // The write lock is held from BEGIN IMMEDIATE to COMMIT, so no other commit can land between the two reads of
    // a mark, and its header is the newest; one that lands right after COMMIT makes the counter grow by two.
    quietBegin() {
      const now = header()
      return now === null ? null : { header: now, change: u32(CHANGE_OFFSET), frames: u32(FRAMES_OFFSET) }
    },
    quietEnd(mark) {
      const now = header()
      if (now === null) return { added: 0, inLog: 0 }
      if (known === mark.header && u32(CHANGE_OFFSET) === (mark.change + 1) % 2 ** 32) known = now
      const inLog = u32(FRAMES_OFFSET)
      return { added: inLog >= mark.frames ? inLog - mark.frames : inLog, inLog }
    },
    close() {
      closed = true
      if (fd !== null) closeSync(fd)
      fd = null
    },
  }
}
