import { existsSync } from 'node:fs'
import { join } from 'node:path'

/**
 * `npm run test:sqld` and `npm run test:file`: the HTTP, repository and job tests again, each on a database of its
 * own on a real sqld or in a database file (test/support/test-database.ts), three test files at a time, the slowest
 * first: they mostly wait on timers and sockets, not on the CPU (docs/performance.md#the-tests-time).
 *
 * The files below bring their own database (a silent proxy in front of an sqld they start, a file of their own, an
 * in-memory one) or use none, so they run the same in every mode and `npm test` has already run them: they are left
 * out here.
 */
export const OWN_DATABASE = [
  'test/http/export-response-timeouts.test.ts',
  'test/http/model-rest.test.ts',
  'test/http/readyz-silent.test.ts',
  'test/http/silent-database.test.ts',
  'test/http/slow-database-answer.test.ts',
  'test/jobs/backup-dead-mount.test.ts',
  'test/jobs/backup-degraded.test.ts',
  'test/jobs/backup-dir-mounts.test.ts',
  'test/jobs/backup-hang.test.ts',
  'test/jobs/backup-locked.test.ts',
  'test/jobs/backups.test.ts',
  'test/jobs/delivery-stall.test.ts',
  'test/jobs/housekeeping-stall.test.ts',
  'test/jobs/poll-stall.test.ts',
  'test/jobs/poll-writer.test.ts',
  'test/storage/repos/api-keys-cache.test.ts',
  'test/storage/repos/icp-profiles-cache.test.ts',
  'test/storage/repos/signals/keyword-filter.test.ts',
  'test/storage/repos/signals/version.test.ts',
  'test/storage/repos/take-receipts.test.ts',
]

/**
 * The files below ask for the run's database only as one that outlives a server (lastingTestDatabase, twoServers or
 * skewedHosts in test/support): a file of their own unless the run is on sqld. On database files they run as
 * `npm test` ran them, so only `npm run test:sqld` runs them again.
 */
export const FILE_IN_EVERY_RUN = [
  'test/http/model-scoring.test.ts',
  'test/http/platforms-shared-pause.test.ts',
  'test/http/quota-holds.test.ts',
  'test/http/unlimited-usage-figures.test.ts',
  'test/jobs/housekeeping-catch-up.test.ts',
  'test/storage/repos/platform-budgets.test.ts',
  'test/storage/repos/usage-two-servers.test.ts',
]

const FOLDERS = ['test/http', 'test/storage/repos', 'test/jobs']

if (import.meta.main) {
  const mode = process.argv[2]
  if (mode !== 'sqld' && mode !== 'file') {
    console.error('usage: bun scripts/test-on-database.ts sqld|file')
    process.exit(2)
  }
  const root = join(import.meta.dir, '..')
  // A renamed file would silently run again: name it instead.
  const gone = [...OWN_DATABASE, ...FILE_IN_EVERY_RUN].filter((file) => !existsSync(join(root, file)))
  const leftOut = mode === 'file' ? [...OWN_DATABASE, ...FILE_IN_EVERY_RUN] : OWN_DATABASE
  if (gone.length) {
    console.error(`test-on-database: no such test file: ${gone.join(', ')}`)
    process.exit(2)
  }
  const run = Bun.spawnSync(
    [
      process.execPath,
      'test',
      '--timeout',
      '60000',
      '--parallel=3',
      // As npm test: a worker keeps its modules across its files
      // (docs/performance.md#modules-kept-by-each-worker-2026-12-06-late-evening).
      '--no-isolate',
      '--timings=test/timings.json',
      ...leftOut.map((file) => `--path-ignore-patterns=${file}`),
      ...FOLDERS,
    ],
    { cwd: root, env: { ...process.env, LEAD_SIGNALS_TEST_DATABASE: mode }, stdio: ['inherit', 'inherit', 'inherit'] },
  )
  process.exit(run.exitCode ?? 1)
}
