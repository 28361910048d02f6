import { expect, test } from 'bun:test'
import { withLease } from '../../../src/domain/leases/lease'
import { testDeps } from '../../support/deps'
import { recordingLogger } from '../../support/log'

// docs/operations.md#logs: a lease whose renewals fail (the disk full, the database read-only) is told when the
// failures begin, reminded every 15 minutes and told when a renewal works again, not once per renewal: a serve with
// four streams on a full disk wrote 24 lease_renewal_failed lines a minute for as long as the disk stayed full.
const TTL_MS = 1500
const FULL = Object.assign(new Error('SQLITE_FULL: database or disk is full'), { code: 'SQLITE_FULL' })

test('renewals that fail are told once, reminded after 15 minutes, and their end is told with how many failed', async () => {
  const recorded = recordingLogger()
  const { deps, clock } = await testDeps({ deps: { log: recorded.log } })
  const renew = deps.repos.jobLeases.renew.bind(deps.repos.jobLeases)
  let failures = 0
  deps.repos.jobLeases.renew = async (...args) => {
    if (++failures > 4) return renew(...args)
    // The third failure comes 15 minutes after the first: it is the reminder.
    if (failures === 3) clock.set(new Date(clock.now().getTime() + 15 * 60_000))
    throw FULL
  }
  const run = await withLease(deps, { name: 'stream:bluesky', ttlMs: TTL_MS }, async () => {
    while (failures < 6) await Bun.sleep(100)
    return 'done'
  })
  expect(run).toEqual({ done: 'done' })
  expect(recorded.of('lease_lost')).toEqual([])
  expect(recorded.of('lease_renewal_failed')).toEqual([
    { level: 'warn', event: 'lease_renewal_failed', fields: { job: 'stream:bluesky', err: FULL } },
  ])
  expect(recorded.of('lease_renewal_still_failing').map((l) => l.fields)).toEqual([
    { job: 'stream:bluesky', since: '2026-11-15T12:00:00.000Z', failures: 3, err: FULL },
  ])
  expect(recorded.of('lease_renewed')).toEqual([
    { level: 'info', event: 'lease_renewed', fields: { job: 'stream:bluesky', failures: 4, downSeconds: 900 } },
  ])
}, 30_000)
