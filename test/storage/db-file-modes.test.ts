import { afterEach, describe, expect, test } from 'bun:test'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/storage/db'

const mode = (path: string) => statSync(path).mode & 0o777
let dir: string
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('database files are readable by their owner only', () => {
  test('a new data directory is 0700 and the database, its WAL and its shared-memory file are 0600', async () => {
    dir = mkdtempSync(join(tmpdir(), 'lead-signals-modes-'))
    const file = join(dir, 'data', 'nested', 'lead-signals.db')
    const { client } = await openDatabase({ url: `file:${file}` })
    try {
      await client.execute('CREATE TABLE t (x TEXT)')
      await client.execute("INSERT INTO t VALUES ('written')")
      // While the connection is open, WAL mode keeps both side files.
      expect(existsSync(`${file}-wal`)).toBe(true)
      expect(existsSync(`${file}-shm`)).toBe(true)
      expect(mode(join(dir, 'data'))).toBe(0o700)
      expect(mode(join(dir, 'data', 'nested'))).toBe(0o700)
      for (const f of [file, `${file}-wal`, `${file}-shm`])
        expect({ f, mode: mode(f).toString(8) }).toEqual({ f, mode: '600' })
    } finally {
      client.close()
    }
  })

  test('an existing directory and database keep the modes their operator chose', async () => {
    dir = mkdtempSync(join(tmpdir(), 'lead-signals-modes-'))
    const data = join(dir, 'shared')
    mkdirSync(data)
    chmodSync(data, 0o750)
    const file = join(data, 'lead-signals.db')
    writeFileSync(file, '')
    chmodSync(file, 0o640)
    const { client } = await openDatabase({ url: `file:${file}` })
    client.close()
    expect(mode(data)).toBe(0o750)
    expect(mode(file)).toBe(0o640)
  })
})
