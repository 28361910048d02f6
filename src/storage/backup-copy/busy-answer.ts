import { open } from 'node:fs/promises'
import { BUSY_WRITE } from '../../lib/busy-write'

// docs/operations.md#backups-and-restore: SQLite reports any failed write of the copy as SQLITE_IOERR_WRITE and keeps
// the system's errno to itself (the engine's binding does not pass it on), so a file system that refused the write
// for a while (EBUSY, EAGAIN, a busy network or FUSE mount) read "the disk reported an I/O error" and sent the
// operator looking for a failing disk.

/**
 * Asks the file system of the failed copy `partial` what it answers a write now: one byte written into the part,
 * which is removed next anyway. Its words when it answers EBUSY or EAGAIN; undefined otherwise (it took the byte, or
 * failed otherwise, or the part is gone), and the engine's own reason stands.
 */
export async function busyAnswer(partial: string): Promise<string | undefined> {
  try {
    const file = await open(partial, 'r+')
    try {
      await file.write(new Uint8Array(1), 0, 1, 0)
    } finally {
      await file.close().catch(() => {})
    }
  } catch (err) {
    return BUSY_WRITE[(err as NodeJS.ErrnoException).code ?? '']
  }
  return undefined
}
