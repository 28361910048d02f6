import { afterAll, describe, expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { HOUSEKEEPING_DONE, housekeepOncePerMonth } from '../../src/domain/housekeeping/once-a-month'
import { withLease } from '../../src/domain/leases/lease'
import { monthOf } from '../../src/domain/quota/month'
import { HOUSEKEEPING_LEASE, runHousekeeping } from '../../src/jobs/housekeeping'
import { skewedHosts } from '../support/skewed-hosts'

// docs/operations.md#housekeeping: several servers on one database. A scheduled run that met another server's run
// skipped, and when that run did not complete the month (stopped at shutdown, failed), nothing looked again until
// the next month or the next start.
const hosts = skewedHosts()
afterAll(() => hosts.close())

/** Another server's run of housekeeping: it holds the lease until `end` is called, then does `work` (if any). */
async function otherRun(deps: Deps, work?: (stop: AbortSignal) => Promise<unknown>) {
  let took!: () => void
  let end!: () => void
  const taken = new Promise<void>((resolve) => (took = resolve))
  const ended = new Promise<void>((resolve) => (end = resolve))
  const run = withLease(deps, { name: HOUSEKEEPING_LEASE, ttlMs: 60_000 }, async (stop) => {
    took()
    await ended
    await work?.(stop)
  })
  await taken
  return { run, end }
}

const thisMonth = () => monthOf(new Date())

describe("a scheduled housekeeping run that finds another server's run going", () => {
  test('waits for it, and completes the month when that run ended without doing so', async () => {
    const [here, there] = await hosts.open(0, 0)
    const other = await otherRun(there)
    const mine = runHousekeeping(here, { oncePerMonth: true })
    await Bun.sleep(200)
    other.end()
    await other.run
    expect((await mine).outcome).toBe('completed')
    expect(await here.repos.jobLeases.periodDone(HOUSEKEEPING_DONE)).toBe(thisMonth())
  })

  test('waits for it, and does nothing more once that run completed the month', async () => {
    const [here, there] = await hosts.open(0, 0)
    const other = await otherRun(there, (stop) => housekeepOncePerMonth(there, there.clock.now(), stop))
    const mine = runHousekeeping(here, { oncePerMonth: true })
    await Bun.sleep(200)
    other.end()
    await other.run
    expect((await mine).outcome).toBe('done_already')
  })

  test('ends as skipped at shutdown, without waiting for it', async () => {
    const [here, there] = await hosts.open(0, 0)
    const other = await otherRun(there)
    const shutdown = new AbortController()
    const mine = runHousekeeping(here, { oncePerMonth: true, signal: shutdown.signal })
    await Bun.sleep(200)
    shutdown.abort()
    expect((await mine).outcome).toBe('skipped')
    other.end()
    await other.run
  })
})
