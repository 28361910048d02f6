import { createWriteStream, rmSync, unlinkSync } from 'node:fs'
import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { AppError } from '../errors'

const WRITE_ERRORS: Record<string, string> = {
  ENOENT: 'no such directory',
  EACCES: 'permission denied',
  EISDIR: 'it is a directory',
  EPERM: 'permission denied',
  EEXIST: 'the file exists; add --force to replace it',
}

/**
 * An export's body to standard output, or into `path` (docs/operations.md#exporting-signals): owner-only, as it holds
 * the team's data; a file left half-written by a failure is removed; a file already there is kept unless `replace`
 * (--force, which removes it first): created with O_EXCL, so the check and the creation are one step. Answers how many bytes were written.
 */
export async function writeExport(
  body: ReadableStream<Uint8Array>,
  path: string | undefined,
  replace: boolean,
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
    await write(counted, process.stdout)
    return bytes
  }
  try {
    // A file replaced is removed first, so the new one is created owner-only too (truncating it would keep its mode).
    if (replace) removeFile(path)
    await write(counted, createWriteStream(path, { mode: 0o600, flags: 'wx' }))
    return bytes
  } catch (e) {
    const reason = WRITE_ERRORS[(e as NodeJS.ErrnoException).code ?? '']
    if (!reason) rmSync(path, { force: true })
    throw reason ? new AppError('invalid_request', `cannot write ${JSON.stringify(path)}: ${reason}`) : e
  }
}

const removeFile = (path: string) => {
  try {
    unlinkSync(path)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
  }
}

const write = (body: ReadableStream<Uint8Array>, to: Writable) =>
  pipeline(Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>), to)
