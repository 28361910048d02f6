import { randomBytes } from 'node:crypto'
import { lstatSync, renameSync, rmSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { AppError } from '../errors'
import { BUSY_WRITE } from '../lib/busy-write'
import { takeName } from '../lib/take-name'
import { echoed, HIDING_CHARS } from '../lib/text'
import { refuseNonFile } from './export-target'
import { newFileWriter } from './file-writer'
import { onStopSignals } from './stop-signals'

// Errors in opening the file: nothing of this export was written, and what is there is not ours to remove.
const OPEN_ERRORS: Record<string, string> = {
  ENOENT: 'no such directory',
  EACCES: 'permission denied',
  EISDIR: 'it is a directory',
  EPERM: 'permission denied',
  EEXIST: 'the file exists; add --force to replace it',
  ENAMETOOLONG: 'the path is too long',
  ENOTDIR: 'a file stands in its path',
  ELOOP: 'its path loops through symbolic links',
  EROFS: 'it is on a read-only file system',
}
// Errors in writing it: the part written is removed (or standard output is left cut short). A network or FUSE file
// system may refuse a write for a while (EBUSY, EAGAIN): not retried here, since the export streams from the database
// and a write half taken cannot be known, but said, with what to do (docs/operations.md#exporting-signals).
const WRITE_ERRORS: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'the disk quota is exceeded',
  EFBIG: 'the file is too large',
  ...BUSY_WRITE,
}

/**
 * The file `--out` names, or none for standard output. An empty one (`--out "$FILE"` with the variable unset) names
 * no file: opening it said "the file exists; add --force", which --force did not change.
 */
export function outPath(flags: Record<string, unknown>): string | undefined {
  if (typeof flags.out !== 'string') return undefined
  if (flags.out === '')
    throw new AppError(
      'invalid_request',
      '--out is empty: give a file name, or leave --out out to write to standard output',
    )
  // Opening it failed with the system's ENAMETOOLONG, and a raw `command_failed` line that named the path.
  if (Buffer.byteLength(basename(flags.out)) > NAME_MAX)
    throw new AppError(
      'invalid_request',
      `--out: the file name is too long (over ${NAME_MAX} bytes); give a shorter one`,
    )
  return flags.out
}

// The longest file name (in bytes, without its folder) Linux and macOS file systems take.
const NAME_MAX = 255

/**
 * The name an export is written under until whole: FILE.PID-RANDOM.partial beside FILE, or, when FILE's name is too
 * long to take that suffix, a name of this process's own in its folder (FILE.PID.partial went past NAME_MAX, and a
 * name the system could hold was refused). The pid alone was not this process's: in a container the command is pid 1
 * every time, and the part a killed export left there was taken for the file itself ("the file exists", even with
 * --force), then removed as this export's own.
 */
function partialName(path: string): string {
  const suffix = `.${process.pid}-${randomBytes(4).toString('hex')}.partial`
  if (Buffer.byteLength(basename(path)) + suffix.length <= NAME_MAX) return `${path}${suffix}`
  return join(dirname(path), `.lead-signals-export${suffix}`)
}

/**
 * An export's body to standard output, or into `path` (docs/operations.md#exporting-signals): owner-only, as it holds
 * the team's data; a file already there is kept unless `replace` (--force), and kept until the export is whole; a part
 * written before a failure is removed. Answers how many bytes were written.
 */
export async function writeExport(
  body: ReadableStream<Uint8Array>,
  path: string | undefined,
  replace: boolean,
  stdout: Writable & { isTTY?: boolean } = process.stdout,
): Promise<number> {
  let bytes = 0
  const counted = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, out) {
        bytes += chunk.byteLength
        out.enqueue(chunk)
      },
    }),
  )
  if (path === undefined) {
    try {
      await write(stdout.isTTY ? counted.pipeThrough(shownOnTerminal()) : counted, stdout)
    } catch (e) {
      // The reader went away (`| head`): it had what it wanted, so this is no failure to report.
      if ((e as NodeJS.ErrnoException).code === 'EPIPE') return bytes
      throw writeFailure('standard output', e)
    }
    return bytes
  }
  refuseNonFile(path)
  // Written whole under a name of this process's, then given its own: an export cut off (Ctrl-C, a kill, the disk
  // full) never stands under the name as if complete, and a file --force replaces stays until the export is whole.
  const partial = partialName(path)
  // Ctrl-C (or TERM) ended the process with its part left, as large as the export had got: removed, and said. FILE
  // is echoed as every failure line echoes it: a direction character such as U+202E must not reorder the line.
  const stop = (signal: NodeJS.Signals) => {
    rmSync(partial, { force: true })
    console.error(
      `lead-signals: stopped by ${signal}: "${echoed(path)}" was not written, and the part written was removed`,
    )
    process.exit(1)
  }
  try {
    return await onStopSignals(stop, async () => {
      if (!replace && lstatSync(path, { throwIfNoEntry: false }))
        throw Object.assign(new Error('exists'), { code: 'EEXIST' })
      // Created anew (O_EXCL), so owner-only whatever the file it replaces was.
      await write(counted, await newFileWriter(partial, 0o600))
      if (replace) renameSync(partial, path)
      else await takeName(partial, path)
      return bytes
    })
  } catch (e) {
    const reason = OPEN_ERRORS[(e as NodeJS.ErrnoException).code ?? '']
    if (reason) throw new AppError('invalid_request', `cannot write ${JSON.stringify(path)}: ${reason}`)
    throw writeFailure(JSON.stringify(path), e)
  } finally {
    // The name is this process's own: whatever is under it is this export's part (or a copy once linked). A path
    // the system cannot take fails here too, and must not hide why.
    try {
      rmSync(partial, { force: true })
    } catch {}
  }
}

// Control characters (C0, DEL, C1) and direction characters (lib/text.ts's list) but tab and line feed, and a carriage
// return but the one of a CSV line's end (CRLF): alone, it sends the cursor back to the line's start, and the text
// after it is written over what the line showed.
const HIDING = new RegExp(`\\r(?!\\n)|(?![\\t\\n\\r])[${HIDING_CHARS}]`, 'gu')

/**
 * docs/security.md#platform-text: a post's text and author are written by whoever posted it, and a CSV export holds
 * them as they are. Read on a terminal, an escape sequence in them would be run by it (retitle or clear the window,
 * OSC 52: write the clipboard), a carriage return would write over the line, and a direction override would turn
 * the rest of the line around where the terminal lays out right-to-left text, so there each of them is shown as
 * U+FFFD; a pipe or a file gets the bytes. A carriage return that ends a chunk waits for the next one's first byte.
 */
function shownOnTerminal(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder()
  const encoder = new TextEncoder()
  let held = ''
  const shown = (text: string) => encoder.encode(text.replace(HIDING, '\ufffd'))
  return new TransformStream({
    transform(chunk, out) {
      const text = held + decoder.decode(chunk, { stream: true })
      held = text.endsWith('\r') ? '\r' : ''
      if (text.length > held.length) out.enqueue(shown(text.slice(0, text.length - held.length)))
    },
    flush(out) {
      const rest = held + decoder.decode()
      if (rest) out.enqueue(shown(rest))
    },
  })
}

/** A write that failed midway: disk full and the like said in words (exit 1), anything else as it is. */
function writeFailure(what: string, e: unknown) {
  const reason = WRITE_ERRORS[(e as NodeJS.ErrnoException).code ?? '']
  return reason ? new AppError('storage_unavailable', `cannot write ${what}: ${reason}`) : e
}

const write = (body: ReadableStream<Uint8Array>, to: Writable) =>
  pipeline(Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>), to)
