// A child process for digest-crash.test.ts: the delivery worker's two steps (build the windows that ended, send what
// is due) on a database file, on a clock that runs a simulated week in a few seconds. Killed with SIGKILL at random
// moments by the test, then started again from the week's start: what a dead process committed stays done.
import { buildDueWindows } from '../../src/domain/webhooks/digests'
import { buildDeps } from '../../src/deps'
import { manualClock } from '../support/clock'
import { silentLogger } from '../support/log'
import { testConfig } from '../support/deps'
import { deliverDue } from '../support/webhooks'

const [dbUrl, startIso, endIso] = process.argv.slice(2)
const clock = manualClock(startIso)
const deps = await buildDeps(testConfig({ database: { url: dbUrl }, webhooks: { allow_private_targets: true } }), {
  log: silentLogger,
  clock,
})
for (let at = Date.parse(startIso); at <= Date.parse(endIso); at += 10 * 60_000) {
  clock.set(new Date(at))
  await buildDueWindows(deps)
  await deliverDue(deps, `child-${process.pid}`)
}
console.log('done')
deps.database.client.close()
