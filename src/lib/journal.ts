import { fstatSync } from 'node:fs'

// docs/operations.md#logs: under systemd, stderr is a stream to the journal, which takes a line's priority from a
// `<N>` in front of it (sd-daemon(3)) and gives every other line the unit's default, info: a JSON line's "level"
// alone left `journalctl -p warning` and `systemctl status` blind to every warning and error. systemd names that
// stream in JOURNAL_STREAM as `DEV:INO` (systemd.exec(5)); elsewhere (a file, a pipe, docker logs) a line stays JSON
// alone, which collectors read as it is.
const PRIORITY: Record<string, string> = { error: '<3>', warn: '<4>', info: '<6>' }

/** The prefix journald reads as a line's priority, by its level, when stderr is the journal; undefined otherwise. */
export function journalPriority(stream = process.env.JOURNAL_STREAM, fd = 2): ((level: string) => string) | undefined {
  const named = /^(\d+):(\d+)$/.exec(stream ?? '')
  if (!named) return undefined
  try {
    const { dev, ino } = fstatSync(fd, { bigint: true })
    if (dev !== BigInt(named[1]) || ino !== BigInt(named[2])) return undefined
  } catch {
    return undefined
  }
  return (level) => PRIORITY[level] ?? ''
}
