// The child of errno-mount.ts: serves a FUSE file system at argv[2] (Linux's FUSE protocol, <linux/fuse.h>) of one
// folder: a file is created (O_CREAT) as the kernel asks, found, listed and removed by name, and every write to it is
// answered with errno argv[3] (EBUSY, EAGAIN), as a network or FUSE file system that refuses writes for a while does.
// Says `mounted`. It blocks in reading /dev/fuse, where no signal handler runs: it is stopped by SIGKILL, which ends
// the connection, and the mount is then taken away by the parent (errno-mount.ts).
import { dlopen, FFIType, ptr } from 'bun:ffi'
import { openSync, readSync, writeSync } from 'node:fs'

const libc = dlopen('libc.so.6', {
  mount: {
    args: [FFIType.cstring, FFIType.cstring, FFIType.cstring, FFIType.u64, FFIType.cstring],
    returns: FFIType.i32,
  },
})
const text = (s: string) => ptr(Buffer.from(`${s}\0`))
const [dir, writeErrno] = [process.argv[2] as string, Number(process.argv[3])]
const fd = openSync('/dev/fuse', 'r+')
const options = `fd=${fd},rootmode=40000,user_id=0,group_id=0`
if (libc.symbols.mount(text('errno'), text(dir), text('fuse'), 0n, text(options)) !== 0) process.exit(1)
console.log('mounted')

const ENOENT = 2
const ENOSYS = 38
// Opcodes of <linux/fuse.h>.
const LOOKUP = 1
const FORGET = 2
const GETATTR = 3
const UNLINK = 10
const OPEN = 14
const WRITE = 16
const RELEASE = 18
const FLUSH = 25
const INIT = 26
const OPENDIR = 27
const READDIR = 28
const RELEASEDIR = 29
const ACCESS = 34
const CREATE = 35
const INTERRUPT = 36
const BATCH_FORGET = 42

/** fuse_out_header (len, error as a negative errno, unique) and the answer's body. */
function answer(unique: bigint, errno: number, body = Buffer.alloc(0)) {
  const out = Buffer.alloc(16 + body.length)
  out.writeUInt32LE(out.length, 0)
  out.writeInt32LE(-errno, 4)
  out.writeBigUInt64LE(unique, 8)
  body.copy(out, 16)
  try {
    writeSync(fd, out)
  } catch {}
}

/** fuse_attr (88 bytes): the inode, its mode, one link, a 4 KiB block size; sizes and times 0. */
function attr(ino: bigint, mode: number) {
  const a = Buffer.alloc(88)
  a.writeBigUInt64LE(ino, 0)
  a.writeUInt32LE(mode, 60)
  a.writeUInt32LE(1, 64)
  a.writeUInt32LE(4096, 80)
  return a
}

/** fuse_init_out (64 bytes): protocol 7, the kernel's minor up to 31, writes of up to 1 MiB, no features asked. */
function init(kernelMinor: number) {
  const out = Buffer.alloc(64)
  out.writeUInt32LE(7, 0)
  out.writeUInt32LE(Math.min(kernelMinor, 31), 4)
  out.writeUInt16LE(16, 16)
  out.writeUInt16LE(12, 18)
  out.writeUInt32LE(1 << 20, 20)
  out.writeUInt32LE(1, 24)
  return out
}

/** fuse_entry_out (nodeid, generation, timeouts 0, attr): the kernel asks again for each use of the name. */
const entryOf = (ino: bigint) => {
  const entry = Buffer.alloc(40)
  entry.writeBigUInt64LE(ino, 0)
  return Buffer.concat([entry, attr(ino, 0o100600)])
}

/** fuse_dirent of each file from the `from`th on: inode, the next one's offset, the name's length, a regular file. */
function dirents(from: number) {
  const out: Buffer[] = []
  for (const [i, [name, ino]] of [...files].entries()) {
    if (i < from) continue
    const n = Buffer.from(name)
    const d = Buffer.alloc(24 + Math.ceil(n.length / 8) * 8)
    d.writeBigUInt64LE(ino, 0)
    d.writeBigUInt64LE(BigInt(i + 1), 8)
    d.writeUInt32LE(n.length, 16)
    d.writeUInt32LE(8, 20)
    n.copy(d, 24)
    out.push(d)
  }
  return Buffer.concat(out)
}

// The name after a request's fixed part, ended by a NUL.
const nameAt = (at: number, n: number) =>
  request.toString('utf8', at, request.indexOf(0, at) < 0 ? n : request.indexOf(0, at))

const request = Buffer.alloc((1 << 20) + 4096)
const files = new Map<string, bigint>()
let nextIno = 2n
for (;;) {
  let n: number
  try {
    n = readSync(fd, request)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EINTR') continue
    break
  }
  // fuse_in_header: len, opcode, unique, nodeid, uid, gid, pid, padding (40 bytes).
  if (n < 40) continue
  const opcode = request.readUInt32LE(4)
  const unique = request.readBigUInt64LE(8)
  const node = request.readBigUInt64LE(16)
  if (opcode === INIT) answer(unique, 0, init(request.readUInt32LE(44)))
  else if (opcode === LOOKUP) {
    const ino = files.get(nameAt(40, n))
    if (ino) answer(unique, 0, entryOf(ino))
    else answer(unique, ENOENT)
  } else if (opcode === UNLINK) answer(unique, files.delete(nameAt(40, n)) ? 0 : ENOENT)
  // fuse_read_in: the handle, then the offset the listing goes on from.
  else if (opcode === READDIR) answer(unique, 0, dirents(Number(request.readBigUInt64LE(48))))
  else if (opcode === GETATTR)
    answer(unique, 0, Buffer.concat([Buffer.alloc(16), attr(node, node === 1n ? 0o40777 : 0o100600)]))
  // fuse_create_in (16 bytes) before the name; the answer is fuse_entry_out and fuse_open_out (fh, flags).
  else if (opcode === CREATE) {
    const ino = nextIno++
    files.set(nameAt(56, n), ino)
    answer(unique, 0, Buffer.concat([entryOf(ino), Buffer.alloc(16)]))
  } else if (opcode === WRITE) answer(unique, writeErrno)
  // fuse_open_out (fh, flags) for a file found by name, and for the folder.
  else if (opcode === OPEN || opcode === OPENDIR) answer(unique, 0, Buffer.alloc(16))
  else if ([FLUSH, RELEASE, RELEASEDIR, ACCESS].includes(opcode)) answer(unique, 0)
  // Forgetting and interrupting are never answered (the kernel waits for no answer).
  else if (![FORGET, BATCH_FORGET, INTERRUPT].includes(opcode)) answer(unique, ENOSYS)
}
