// A child process for backup-slots.test.ts: one scheduled backup, as `serve` runs it when backup.schedule comes,
// on a database file that other children share, with this process's clock reading `at`. Prints the run's summary.
import { buildDeps } from '../../src/deps'
import { runScheduledBackup } from '../../src/jobs/backups'
import { manualClock } from '../support/clock'
import { silentLogger } from '../support/log'
import { testConfig } from '../support/deps'

const [dbUrl, dir, schedule, at] = process.argv.slice(2)
const deps = await buildDeps(testConfig({ database: { url: dbUrl }, backup: { dir, schedule } }), {
  log: silentLogger,
  clock: manualClock(at),
})
console.log(JSON.stringify(await runScheduledBackup(deps)))
deps.database.client.close()
