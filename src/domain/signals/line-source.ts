import { createReadStream } from 'node:fs'
import { AppError } from '../../errors'

/**
 * The lines of an input, split on "\n" only (a final line feed ends the last line rather than starting an empty
 * one); callable again for a second pass over the same input.
 */
export type LineSource = () => AsyncIterable<string>

const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EISDIR: 'it is a directory',
  EPERM: 'permission denied',
}

/**
 * The lines of a file, read in chunks: a file of any size is never in memory whole. A read error names the file
 * only as the user typed it (`shownAs`).
 */
export function fileLines(path: string, shownAs: string = path): LineSource {
  return async function* () {
    let rest = ''
    try {
      for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
        const lines = (rest + chunk).split('\n')
        rest = lines.pop() as string
        yield* lines
      }
    } catch (e) {
      const reason = REASONS[(e as NodeJS.ErrnoException).code ?? ''] ?? 'it could not be read'
      throw new AppError('invalid_request', `cannot read ${JSON.stringify(shownAs)}: ${reason}`)
    }
    if (rest !== '') yield rest
  }
}

/** The lines of a text already in memory (standard input, which cannot be read twice), without copying them all. */
export function textLines(text: string): LineSource {
  return async function* () {
    let start = 0
    for (let end = text.indexOf('\n'); end !== -1; start = end + 1, end = text.indexOf('\n', start))
      yield text.slice(start, end)
    if (start < text.length) yield text.slice(start)
  }
}
