import { expect, test } from 'bun:test'
import { DELIVERY_LOG_DAYS } from '../../src/domain/housekeeping/housekeeping'
import { buildDueWindows } from '../../src/domain/webhooks/digests'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { runHousekeeping } from '../../src/jobs/housekeeping'
import { seedTeam, testDeps } from '../support/deps'
import { endpointInput } from '../support/webhooks'

const DAY_MS = 86_400_000

// docs/operations.md#housekeeping: a destination sent windows records one row per window it claims, signals or none
// (an instant e-mail destination one a minute: 1,440 a day), and nothing removed them, so the table only grew.
test('housekeeping drops the windows claimed more than 30 days ago; the windows go on being built once each', async () => {
  const start = Date.parse('2026-10-01T00:00:00.000Z')
  const { deps, clock } = await testDeps({ now: new Date(start).toISOString() })
  const { team } = await seedTeam(deps)
  const { endpoint } = await createEndpoint(deps, {
    teamId: team.id,
    input: endpointInput('https://93.184.215.14/hook', { cadence: 'hourly' }),
  })
  const windows = async () =>
    (
      await deps.database.client.execute({
        sql: 'select created_at from destination_windows where endpoint_id = ? order by window_from',
        args: [endpoint.id],
      })
    ).rows.map((r) => String(r.created_at))

  // Two days of hourly windows claimed then, and the rest up to 40 days later claimed then.
  clock.set(new Date(start + 2 * DAY_MS).toISOString())
  await buildDueWindows(deps)
  const early = (await windows()).length
  expect(early).toBeGreaterThan(40)
  const now = start + 40 * DAY_MS
  clock.set(new Date(now).toISOString())
  await buildDueWindows(deps)
  const recent = (await windows()).length - early

  const summary = await runHousekeeping(deps)

  expect(summary.pruned.destinationWindows).toBe(early)
  const left = await windows()
  expect(left).toHaveLength(recent)
  for (const at of left) expect(Date.parse(at)).toBeGreaterThan(now - DELIVERY_LOG_DAYS * DAY_MS)
  // Nothing is claimed again: the destination's next window had moved on long before.
  await buildDueWindows(deps)
  expect(await windows()).toHaveLength(recent)
  expect((await runHousekeeping(deps)).pruned.destinationWindows).toBe(0)
})
