// docs/performance.md#mapped-header: the -shm file's header, read from a mapping of its first page, or by pread.
import { afterEach, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openShmHeader } from '../../../src/storage/engine/shm-header'

const dirs: string[] = []
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ls-shm-'))
  dirs.push(dir)
  return join(dir, 'x.db-shm')
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

const wordsOf = (...values: number[]) => Buffer.from(new Uint32Array(values).buffer)

test('reads the words of the file as they are now, each time, also after the file was written again', () => {
  const path = tempFile()
  writeFileSync(path, Buffer.concat([wordsOf(1, 2, 3, 4), Buffer.alloc(200)]))
  const header = openShmHeader(path, 16)
  const words = new Uint32Array(4)
  expect(header?.read(words)).toBe(true)
  expect([...words]).toEqual([1, 2, 3, 4])
  // Written in place, as SQLite writes it: the same file, new words.
  writeFileSync(path, Buffer.concat([wordsOf(5, 6, 7, 0xffffffff), Buffer.alloc(200)]))
  expect(header?.read(words)).toBe(true)
  expect([...words]).toEqual([5, 6, 7, 0xffffffff])
  header?.close()
})

test('a file shorter than the header when first opened is read by pread: false until it holds the header', () => {
  const path = tempFile()
  writeFileSync(path, Buffer.alloc(3))
  const header = openShmHeader(path, 16)
  const words = new Uint32Array(4)
  expect(header?.read(words)).toBe(false)
  writeFileSync(path, Buffer.concat([wordsOf(9, 8, 7, 6), Buffer.alloc(200)]))
  expect(header?.read(words)).toBe(true)
  expect([...words]).toEqual([9, 8, 7, 6])
  header?.close()
})

test('no header without a file', () => {
  expect(openShmHeader(join(tmpdir(), 'ls-shm-none', 'x.db-shm'), 16)).toBeNull()
})
