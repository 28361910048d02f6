// docs/webhooks.md#retries: a destination whose attempts fail is "failing since" its first failure, and disabled after
// 5 days of them. `webhook list` says so, as the console's Destinations page does, so that a team reading its
// destinations on the command line learns of a receiver that takes nothing before the 5 days run out.
import { afterAll, expect, setDefaultTimeout, test } from 'bun:test'
import { fakesPerTest } from '../support/fake-upstream'
import { MANY_PROCESSES_MS, ok, runCli, withTeam } from './run-cli'

setDefaultTimeout(MANY_PROCESSES_MS)
const acme = withTeam('acme')
afterAll(() => acme.cleanup())
const receiver = fakesPerTest()

test('list says since when a destination has been failing, and when the service gives up on it', async () => {
  const ws = await acme.make()
  const PRIVATE_OK = { LEAD_SIGNALS_WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }
  // Slack's incoming webhooks answer 500 `rollup_error` for a fault on their side (docs/destinations.md#delivery).
  const slack = receiver(() => new Response('rollup_error', { status: 500 }))
  const url = `${slack.origin}/services/T0AB12CD3/B0EF45GH6/abcdefghijklmnopqrstuvwx`
  const add = ['webhook', 'add', '--team', 'acme', '--kind', 'slack', '--url', url, '--json']
  const made = JSON.parse(await ok(ws, add, { env: PRIVATE_OK }))
  const tested = await runCli(ws, ['webhook', 'test', '--team', 'acme', made.endpoint.id], { env: PRIVATE_OK })
  expect(tested.code).toBe(1)
  expect(slack.received).toHaveLength(1)
  const listed = JSON.parse(await ok(ws, ['webhook', 'list', '--team', 'acme', '--json']))
  const since = listed[0].failingSince
  expect(Date.parse(since)).toBeGreaterThan(Date.now() - 60_000)
  const table = await ok(ws, ['webhook', 'list', '--team', 'acme'])
  expect(table).toContain(`enabled, failing since ${since} (disabled after 5 days of failures)`)
  ws.cleanup()
})
