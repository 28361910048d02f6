// `npm run test:sqld` and `npm run test:file` leave out the test files that bring their own database
// (scripts/test-on-database.ts, docs/performance.md#the-tests-time): the list must name real files that never ask
// for the database of the run.
import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { FILE_IN_EVERY_RUN, OWN_DATABASE } from '../../scripts/test-on-database'

const ROOT = join(import.meta.dir, '..', '..')
// What test/support/test-database.ts gives a test for the run's database.
const ASKS_FOR_THE_RUN_DATABASE = /freshTestDatabase|lastingTestDatabase|refuseWrites|refusedWritesReason|onSqld/

describe('the test files left out of the database runs', () => {
  test('exist, and none of them asks for the database of the run by name', () => {
    for (const file of OWN_DATABASE) {
      expect(existsSync(join(ROOT, file))).toBe(true)
      expect(readFileSync(join(ROOT, file), 'utf8')).not.toMatch(ASKS_FOR_THE_RUN_DATABASE)
    }
  })

  // On database files these run as npm test ran them; on sqld lastingTestDatabase, and twoServers and skewedHosts
  // through it, give them the run's.
  test('left out of the run on files only: they ask for a lasting database, never a fresh one or the mode', () => {
    for (const file of FILE_IN_EVERY_RUN) {
      expect(OWN_DATABASE).not.toContain(file)
      expect(existsSync(join(ROOT, file))).toBe(true)
      const text = readFileSync(join(ROOT, file), 'utf8')
      expect(text).toMatch(/lastingTestDatabase|twoServers|skewedHosts/)
      expect(text).not.toMatch(/freshTestDatabase|refuseWrites|refusedWritesReason|onSqld/)
    }
  })

  test('a mode other than sqld or file is refused with its usage, running nothing', () => {
    const run = Bun.spawnSync([process.execPath, join(ROOT, 'scripts/test-on-database.ts'), 'memory'])
    expect(run.exitCode).toBe(2)
    expect(run.stderr.toString()).toBe('usage: bun scripts/test-on-database.ts sqld|file\n')
  })
})
