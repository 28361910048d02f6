// The delivery worker looks for due attempts every second: with its table unreadable (a database gone away, here a
// table renamed under it) every tick fails, and the log says so once, reminds after 15 minutes and says when it ends
// (docs/operations.md#logs), instead of a line a second.
import { expect, test } from 'bun:test'
import { startDeliveryWorker } from '../../src/jobs/webhook-delivery'
import { createLogger } from '../../src/lib/log'
import { testDeps } from '../support/deps'

test('a failing delivery worker logs its outage: one line at the start, a reminder, one when it works again', async () => {
  const lines: Record<string, unknown>[] = []
  const log = createLogger((l) => lines.push(JSON.parse(l)))
  const { deps, clock } = await testDeps({ now: '2026-12-03T08:00:00.000Z', deps: { log } })
  const events = () => lines.map((l) => l.event)
  await deps.database.client.execute('alter table webhook_deliveries rename to webhook_deliveries_away')
  const worker = startDeliveryWorker(deps)
  // Ticks come about a second apart, later on a busy machine: each step waits for its line rather than a set time.
  const until = async (event: string) => {
    for (let waited = 0; !events().includes(event) && waited < 15_000; waited += 50) await Bun.sleep(50)
  }
  try {
    await until('job_failed')
    // More ticks, each failing: no more lines.
    await Bun.sleep(2500)
    expect(events()).toEqual(['job_failed'])
    expect(lines[0]).toMatchObject({ level: 'error', job: 'webhooks' })

    clock.set('2026-12-03T08:16:00.000Z')
    await until('job_still_failing')
    expect(events()).toEqual(['job_failed', 'job_still_failing'])
    expect(lines[1]).toMatchObject({ since: '2026-12-03T08:00:00.000Z', job: 'webhooks' })

    await deps.database.client.execute('alter table webhook_deliveries_away rename to webhook_deliveries')
    clock.set('2026-12-03T08:17:00.000Z')
    await until('job_recovered')
    expect(events()).toEqual(['job_failed', 'job_still_failing', 'job_recovered'])
    expect(lines[2]).toMatchObject({ level: 'info', job: 'webhooks', downSeconds: 1020 })
    expect(lines[2].failures).toBeGreaterThanOrEqual(3)
  } finally {
    await worker.stop()
  }
}, 60_000)
