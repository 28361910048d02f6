import { expect, test } from 'bun:test'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { copyInThread } from '../../src/storage/backup-copy/copy'

test('a database file that is gone is not created anew by the backup thread: the copy fails with SQLITE_CANTOPEN', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ls-backup-copy-'))
  try {
    const from = join(dir, 'gone.db')
    await expect(copyInThread(from, join(dir, 'copy.db'))).rejects.toMatchObject({ code: 'SQLITE_CANTOPEN' })
    expect(existsSync(from)).toBe(false)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
