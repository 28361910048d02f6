import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { dlopen, FFIType, type Pointer, toArrayBuffer } from 'bun:ffi'

/** The first bytes of a `-shm` file, as 32-bit words in the machine's byte order, read afresh on each `read()`. */
export type ShmHeader = {
  /** Copies the first `words.length` words of the file into `words`; false when they could not be read. */
  read(words: Uint32Array): boolean
  close(): void
}

const PROT_READ = 1
const MAP_SHARED = 1
const MAPPED_BYTES = 4096

type Libc = {
  mmap(addr: null, length: number, prot: number, flags: number, fd: number, offset: number): Pointer | null
  munmap(addr: Pointer, length: number): number
}
let libc: Libc | null | undefined

/** The C library's mmap and munmap, or null where it cannot be loaded (another C library, another system). */
function loadLibc(): Libc | null {
  if (libc !== undefined) return libc
  try {
    const lib = dlopen('libc.so.6', {
      mmap: {
        args: [FFIType.ptr, FFIType.u64, FFIType.i32, FFIType.i32, FFIType.i32, FFIType.i64],
        returns: FFIType.ptr,
      },
      munmap: { args: [FFIType.ptr, FFIType.u64], returns: FFIType.i32 },
    })
    libc = lib.symbols as unknown as Libc
  } catch {
    libc = null
  }
  return libc
}

/**
 * Opens `path` (a database's `-shm` file) for reading its header on every request (docs/performance.md#mapped-header).
 *
 * The file's first page is mapped into memory, shared, as SQLite maps it itself: a read is then a few loads, where
 * a `pread` cost about a microsecond under load, and a request read the header twice. The mapping is made on the
 * descriptor this module keeps open, never by opening and closing the file again: closing any descriptor of the file
 * drops every POSIX lock the process holds on it, the engine's too. The file is never shorter than a page while the
 * engine has it open (only the first connection to open a database cuts it, and ours holds it open), which is why
 * it is mapped no earlier than its first read, and only when it holds a whole header. Where mapping is not possible,
 * each read is a `pread` of the header.
 */
export function openShmHeader(path: string, bytes: number): ShmHeader | null {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch {
    return null
  }
  const mapped = mapFirstPage(fd, bytes)
  if (mapped) {
    const view = new Uint32Array(toArrayBuffer(mapped, 0, bytes))
    return {
      // In ascending order, as SQLite's readers copy it: the first copy of the header, then the second.
      read(words) {
        for (let i = 0; i < words.length; i++) words[i] = view[i]
        return true
      },
      close() {
        loadLibc()?.munmap(mapped, MAPPED_BYTES)
        closeSync(fd)
      },
    }
  }
  return {
    read(words) {
      const into = new Uint8Array(words.buffer, words.byteOffset, words.byteLength)
      return readSync(fd, into, 0, into.length, 0) === into.length
    },
    close() {
      closeSync(fd)
    },
  }
}

function mapFirstPage(fd: number, bytes: number): Pointer | null {
  const c = loadLibc()
  if (!c || fstatSync(fd).size < bytes) return null
  const at = c.mmap(null, MAPPED_BYTES, PROT_READ, MAP_SHARED, fd, 0)
  // MAP_FAILED is (void *) -1, past any address a mapping gets.
  return at !== null && at > 0 && at < 2 ** 63 ? at : null
}
