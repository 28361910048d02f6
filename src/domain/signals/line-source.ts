import { createReadStream } from 'node:fs'
import { AppError } from '../../errors'

/** A line the import cannot read as text, and why (docs/operations.md#importing-signals): it is rejected as such. */
type UnreadableLine = { unreadable: string }
export type Line = string | UnreadableLine

/**
 * The lines of an input, split on "\n" only (a final line feed ends the last line rather than starting an empty
 * one); callable again for a second pass over the same input.
 */
export type LineSource = () => AsyncIterable<Line>

// docs/operations.md#importing-signals: an exported signal's line is tens of KB at most (4,000 characters of full
// text, 2,000 of reason, 2,000 of URL, each character at most 6 bytes escaped). A longer line is refused without
// being held, so a file that is not JSON Lines (one JSON array on a single line, line ends of CR alone) is not read
// whole into memory: a line of 80 MB took 1 GB and 4 s before this, as its pieces were joined again and again.
export const MAX_LINE_BYTES = 1 << 20
// An input with no line break in 64 MiB is not JSON Lines at all (/dev/zero, one endless line): the import stops
// there rather than read for ever. Standard input and pipes, held in memory, stop at MAX_HELD_BYTES as well.
export const MAX_RUN_BYTES = 64 << 20
const MAX_HELD_BYTES = 1 << 30

const count = (n: number) => n.toLocaleString('en')
class NoLineBreak extends Error {}
/** An input whose first bytes say it is no text (PACKED): `what` it is, and what to give instead. */
class Packed extends Error {
  constructor(readonly what: string) {
    super(what)
  }
}

/**
 * Why reading the input named `shownAs` stopped: no line break in MAX_RUN_BYTES, no text (PACKED), or the file system's
 * reason.
 */
function readFailure(e: unknown, shownAs: string): AppError {
  if (e instanceof NoLineBreak)
    return new AppError(
      'invalid_request',
      `${shownAs}: ${count(MAX_RUN_BYTES)} bytes without a line break, so it is not JSON Lines (one signal per line); nothing was imported`,
    )
  if (e instanceof Packed)
    return new AppError('invalid_request', `${shownAs}: not UTF-8 text: this is ${e.what}; nothing was imported`)
  const reason = REASONS[(e as NodeJS.ErrnoException).code ?? ''] ?? 'it could not be read'
  return new AppError('invalid_request', `cannot read ${shownAs}: ${reason}`)
}

const NOT_UTF8: UnreadableLine = { unreadable: 'not UTF-8 text (save the file as UTF-8)' }
const TOO_LONG: UnreadableLine = {
  unreadable: `longer than ${count(MAX_LINE_BYTES)} bytes, far more than a signal takes (JSON Lines has one signal per line)`,
}

const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EISDIR: 'it is a directory',
  EPERM: 'permission denied',
}

// Strict: bytes that are not UTF-8 (a file saved as Latin-1 or Windows-1252) would otherwise become U+FFFD in the
// stored text without a word. The byte order mark is kept here and removed by the import from its first line.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

function decoded(parts: Uint8Array[]): Line {
  try {
    return utf8.decode(parts.length === 1 ? parts[0] : Buffer.concat(parts))
  } catch {
    return NOT_UTF8
  }
}

// A file that is no text at all, known by its first bytes (an export compressed to be moved, or saved by Windows
// PowerShell's >): refused whole, saying what it is and what to give instead. Read line by line, each of its lines
// was rejected after the first, as 'not UTF-8 text (save the file as UTF-8)' or 'not valid JSON' (UTF-16's line
// feeds are followed by a zero byte), advice that fits none of them.
const PACKED: [number[], string][] = [
  [
    [0x1f, 0x8b],
    'a gzip-compressed file; give the file it holds (signals import --team TEAM <(zcat FILE) reads it as it is uncompressed)',
  ],
  [[0x50, 0x4b, 0x03, 0x04], 'a zip archive; unpack it and give the JSON Lines file it holds'],
  [[0xff, 0xfe], "UTF-16 text (as Windows PowerShell's > writes it); save the file as UTF-8"],
  [[0xfe, 0xff], 'UTF-16 text; save the file as UTF-8'],
]

const packedAs = (start: Uint8Array) => PACKED.find(([magic]) => magic.every((byte, i) => start[i] === byte))?.[1]

/** Lines from chunks of bytes: each line decoded on its own, so a bad byte or an overlong line is that line's alone. */
async function* splitLines(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<Line> {
  let first = true
  let parts: Uint8Array[] = []
  let size = 0
  let run = 0
  let tooLong = false
  const add = (part: Uint8Array) => {
    run += part.length
    if (run > MAX_RUN_BYTES) throw new NoLineBreak()
    if (tooLong || part.length === 0) return
    size += part.length
    if (size > MAX_LINE_BYTES) [parts, tooLong] = [[], true]
    else parts.push(part)
  }
  const take = (): Line => {
    const line = tooLong ? TOO_LONG : decoded(parts)
    ;[parts, size, run, tooLong] = [[], 0, 0, false]
    return line
  }
  for await (const chunk of chunks) {
    if (first && chunk.length > 0) {
      const packed = packedAs(chunk)
      if (packed) throw new Packed(packed)
      first = false
    }
    let start = 0
    for (let end = chunk.indexOf(10); end !== -1; start = end + 1, end = chunk.indexOf(10, start)) {
      add(chunk.subarray(start, end))
      yield take()
    }
    add(chunk.subarray(start))
  }
  if (size > 0 || tooLong) yield take()
}

/**
 * The lines of a file, read in chunks: a file of any size is never in memory whole. A read error names the file
 * only as the user typed it (`shownAs`).
 */
export function fileLines(path: string, shownAs: string = path): LineSource {
  return async function* () {
    try {
      yield* splitLines(createReadStream(path, { highWaterMark: 1 << 20 }))
    } catch (e) {
      throw readFailure(e, JSON.stringify(shownAs))
    }
  }
}

/** The lines of bytes already in memory (standard input, which cannot be read twice), checked as a file's are. */
export const bytesLines =
  (bytes: Uint8Array): LineSource =>
  () =>
    splitLines([bytes])

/**
 * An input that can be read once (standard input, a pipe, a device), held in memory as the first pass reads it, so
 * that the second reads it again: up to `limit` bytes, and never more than MAX_RUN_BYTES without a line break. A
 * first pass that stops early (an input of no signals) reads no further. `shownAs` names it in a refusal.
 */
export function heldLines(chunks: AsyncIterable<Uint8Array>, shownAs: string, limit = MAX_HELD_BYTES): LineSource {
  const held: Uint8Array[] = []
  let whole: Uint8Array | undefined
  let state: 'unread' | 'reading' | 'read' = 'unread'
  async function* holding() {
    let size = 0
    for await (const chunk of chunks) {
      size += chunk.length
      if (size > limit)
        throw new AppError(
          'invalid_request',
          `${shownAs} is over ${count(limit)} bytes, more than an import holds in memory: save it to a file and import the file; nothing was imported`,
        )
      held.push(chunk)
      yield chunk
    }
    state = 'read'
  }
  async function* firstRead() {
    try {
      yield* splitLines(holding())
    } catch (e) {
      throw e instanceof AppError ? e : readFailure(e, shownAs)
    }
  }
  return () => {
    if (state === 'unread') {
      state = 'reading'
      return firstRead()
    }
    if (state === 'reading') throw new Error(`${shownAs} was not read to its end before being read again`)
    whole ??= held.length === 1 ? held[0] : Buffer.concat(held)
    return splitLines([whole])
  }
}
