// The child of dead-mount.ts: mounts a FUSE file system at argv[2] whose server (this process) never reads its
// requests, says `mounted`, and after argv[3] ms or on SIGTERM aborts the connection (by closing /dev/fuse) and
// unmounts it.
import { dlopen, FFIType, ptr } from 'bun:ffi'
import { closeSync, openSync } from 'node:fs'

const libc = dlopen('libc.so.6', {
  mount: {
    args: [FFIType.cstring, FFIType.cstring, FFIType.cstring, FFIType.u64, FFIType.cstring],
    returns: FFIType.i32,
  },
  umount2: { args: [FFIType.cstring, FFIType.i32], returns: FFIType.i32 },
})
const MNT_DETACH = 2
const text = (s: string) => ptr(Buffer.from(`${s}\0`))
const [dir, ms] = [process.argv[2] as string, Number(process.argv[3])]
const fd = openSync('/dev/fuse', 'r+')
const options = `fd=${fd},rootmode=40000,user_id=0,group_id=0`
if (libc.symbols.mount(text('dead'), text(dir), text('fuse'), 0n, text(options)) !== 0) process.exit(1)
let ended = false
const end = () => {
  if (ended) return
  ended = true
  closeSync(fd)
  libc.symbols.umount2(text(dir), MNT_DETACH)
  process.exit(0)
}
process.on('SIGTERM', end)
setTimeout(end, ms)
console.log('mounted')
