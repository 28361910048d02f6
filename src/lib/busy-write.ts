// What a network or FUSE file system that refuses writes for a while answers (EBUSY, EAGAIN), in words: the export
// (cli/export-output.ts) and the backup (storage/backup-copy/busy-answer.ts) say it alike, with what to do.
export const BUSY_WRITE: Record<string, string> = {
  EBUSY: 'the file system answered that it is busy (EBUSY); try again',
  EAGAIN: 'the file system cannot take the write now (EAGAIN); try again',
}
