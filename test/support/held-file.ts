import { dlopen, FFIType } from 'bun:ffi'
import { closeSync, openSync } from 'node:fs'

// Linux's file leases (fcntl(2), F_SETLEASE): while a read lease is held on a file, an open of it for writing by
// anyone else waits in the kernel until the lease is given up (or /proc/sys/fs/lease-break-time, 45 s by default,
// has passed). A real hang of a thread's write, as on a network mount that stopped answering, with nothing faked.
const F_SETLEASE = 1024
const F_SETSIG = 10
const F_RDLCK = 0
// The lease holder is told of the wait by a signal, SIGIO by default, which would end the test process: SIGWINCH
// is ignored unless handled.
const SIGWINCH = 28

const libc = dlopen('libc.so.6', {
  fcntl: { args: [FFIType.i32, FFIType.i32, FFIType.i32], returns: FFIType.i32 },
})

/**
 * Holds `path` so that an open of it for writing hangs until `release()` (once or more); undefined when the file is
 * open for writing already (the kernel refuses the lease then), or gone.
 */
export function holdAgainstWriters(path: string): { release(): void } | undefined {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch {
    // Gone meanwhile.
    return undefined
  }
  if (libc.symbols.fcntl(fd, F_SETSIG, SIGWINCH) !== 0 || libc.symbols.fcntl(fd, F_SETLEASE, F_RDLCK) !== 0) {
    closeSync(fd)
    return undefined
  }
  let held = true
  return {
    release() {
      if (held) closeSync(fd)
      held = false
    },
  }
}
