import { describe, expect, test } from 'bun:test'
import { databaseShown } from '../../src/storage/database-url'

// A message naming the database (docs/operations.md#database-settings) says which one a command used, and never
// the credentials or token a server's URL may carry.
describe('databaseShown', () => {
  test('a file is named by its path, a relative one with the directory it is under', () => {
    expect(databaseShown('file:/srv/lead-signals/data.db')).toBe('/srv/lead-signals/data.db')
    expect(databaseShown('file:///srv/lead-signals/data.db')).toBe('/srv/lead-signals/data.db')
    expect(databaseShown('file:./data/lead-signals.db')).toBe(
      './data/lead-signals.db under the directory this command runs in',
    )
    expect(databaseShown(':memory:')).toBe('in memory')
  })

  test('a server is named by its host, without the user, password or token its URL carries', () => {
    for (const url of [
      'libsql://admin:s3cret@db.example.org:8080/?authToken=tok3n',
      'https://db.example.org:8080?authToken=tok3n',
      'wss://admin:s3cret@db.example.org:8080/path#tok3n',
    ]) {
      const shown = databaseShown(url)
      expect(shown).toBe('the libSQL server at db.example.org:8080')
      expect(shown).not.toMatch(/s3cret|tok3n|admin/)
    }
  })
})
