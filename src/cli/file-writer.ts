import type { FileHandle } from 'node:fs/promises'
import { open } from 'node:fs/promises'
import { Writable } from 'node:stream'

/**
 * A stream writing into a file created anew (O_EXCL) with `mode`, each chunk written whole. Not fs.createWriteStream:
 * Bun's fails a write the file system answered EAGAIN with a bare "write failed", no code, so an export could not say
 * what happened (docs/operations.md#exporting-signals); a file handle's write keeps the system's code.
 */
export async function newFileWriter(path: string, mode: number): Promise<Writable> {
  const file = await open(path, 'wx', mode)
  return new Writable({
    write(chunk: Uint8Array, _encoding, done) {
      writeAll(file, chunk).then(() => done(), done)
    },
    final(done) {
      file.close().then(() => done(), done)
    },
    destroy(err, done) {
      file.close().then(
        () => done(err),
        () => done(err),
      )
    },
  })
}

// A write may take fewer bytes than given (a signal, a nearly full disk): the rest is written after them.
async function writeAll(file: FileHandle, chunk: Uint8Array) {
  let at = 0
  while (at < chunk.byteLength) {
    const { bytesWritten } = await file.write(chunk, at, chunk.byteLength - at)
    at += bytesWritten
  }
}
