import { expect, test } from 'bun:test'
import { LibsqlError } from '@libsql/client'
import { asLibsqlError } from '../../src/storage/engine/local-values'
import { storageFailure } from '../../src/storage/failure'

const sqlite = (code: string, extended = code) =>
  new LibsqlError('SQLite error: /var/lib/x.db: cannot write', code, extended)
const network = (code: string) => Object.assign(new TypeError(`${code}: Unable to connect`), { code })

test('names why the database cannot be written, in words without paths, for the failures that mean it', () => {
  expect(storageFailure(sqlite('SQLITE_READONLY'))).toBe('it is read-only')
  expect(storageFailure(sqlite('SQLITE_FULL'))).toBe('the disk is full')
  // An extended code counts as its base code.
  expect(storageFailure(sqlite('SQLITE_IOERR', 'SQLITE_IOERR_WRITE'))).toBe('the disk reported an I/O error')
  expect(storageFailure(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_FSYNC' }))).toBe(
    'the disk reported an I/O error',
  )
  expect(storageFailure(sqlite('SQLITE_BUSY'))).toBe('another writer holds its lock')
  expect(storageFailure(network('ECONNREFUSED'))).toBe('its server cannot be reached')
})

test('leaves every other failure to the generic handling (a bug stays a 500)', () => {
  expect(storageFailure(sqlite('SQLITE_CONSTRAINT', 'SQLITE_CONSTRAINT_UNIQUE'))).toBeUndefined()
  expect(storageFailure(sqlite('SQLITE_ERROR'))).toBeUndefined()
  expect(storageFailure(new Error('boom'))).toBeUndefined()
  expect(storageFailure('SQLITE_FULL')).toBeUndefined()
  expect(storageFailure(undefined)).toBeUndefined()
})

test('a code the engine reports only by number is read from the number: a read-only folder, an I/O error', () => {
  // What the libsql engine throws for SQLITE_READONLY_DIRECTORY (a writable file in a folder it cannot write).
  const engine = (rawCode: number) =>
    Object.assign(new Error('attempt to write a readonly database'), {
      name: 'SqliteError',
      code: `UNKNOWN_SQLITE_ERROR_${rawCode}`,
      rawCode,
    })
  expect(storageFailure(asLibsqlError(engine(1544)))).toBe('its directory is read-only')
  // SQLITE_IOERR_WRITE (778), were it unnamed: its primary code says enough.
  expect(storageFailure(asLibsqlError(engine(778)))).toBe('the disk reported an I/O error')
  expect(storageFailure(asLibsqlError(engine(99999)))).toBeUndefined()
})
