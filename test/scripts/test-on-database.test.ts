// `npm run test:sqld` and `npm run test:file` leave out the test files that bring their own database
// (scripts/test-on-database.ts, docs/performance.md#the-tests-time): the list must name real files that never ask
// for the database of the run.
import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { OWN_DATABASE } from '../../scripts/test-on-database'

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

  test('a mode other than sqld or file is refused with its usage, running nothing', () => {
    const run = Bun.spawnSync([process.execPath, join(ROOT, 'scripts/test-on-database.ts'), 'memory'])
    expect(run.exitCode).toBe(2)
    expect(run.stderr.toString()).toBe('usage: bun scripts/test-on-database.ts sqld|file\n')
  })
})
