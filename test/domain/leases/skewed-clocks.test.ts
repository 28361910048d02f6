import { afterAll, describe, expect, test } from 'bun:test'
import type { Deps } from '../../../src/deps'
import { withLease } from '../../../src/domain/leases/lease'
import { runHousekeeping } from '../../../src/jobs/housekeeping'
import { SKEW_MS, skewedHosts } from '../../support/skewed-hosts'

// docs/operations.md#several-executables-on-sqld: hosts on one database whose clocks disagree by minutes. Whether a
// lease is live is the database's time, so no host's clock can take a live lease or keep a dead one.
const hosts = skewedHosts()
afterAll(() => hosts.close())

const LEASE = { name: 'poll', ttlMs: 60_000 }

/** Holds the lease on `deps` until the returned release() is called (null if it was held elsewhere). */
async function hold(deps: Deps) {
  let took!: () => void
  let release!: () => void
  const taken = new Promise<void>((resolve) => (took = resolve))
  const held = new Promise<void>((resolve) => (release = resolve))
  const run = withLease(deps, LEASE, async () => {
    took()
    await held
  })
  await Promise.race([taken, run])
  return { run, release }
}

const tryLease = (deps: Deps) => withLease(deps, LEASE, async () => 'ran')

describe('leases between hosts whose clocks disagree', () => {
  for (const [name, holderShift, otherShift] of [
    ['a host whose clock runs ahead', 0, SKEW_MS],
    ['the holder running behind, another host', -SKEW_MS, 0],
  ] as const)
    test(`${name} does not take a live lease`, async () => {
      const [holder, other] = await hosts.open(holderShift, otherShift)
      const { run, release } = await hold(holder)
      expect(await tryLease(other)).toEqual({ heldBy: expect.any(String) })
      release()
      await run
      expect(await tryLease(other)).toEqual({ done: 'ran' })
    })

  test('a host whose clock runs behind takes over a lease that expired', async () => {
    const [host] = await hosts.open(-SKEW_MS)
    // A holder on another machine that died a second ago, by the database's clock (on this machine: the real time).
    await host.database.client.execute({
      sql: 'insert into job_leases (name, holder, expires_at) values (?, ?, ?)',
      args: [LEASE.name, 'elsewhere:1:abc', Date.now() - 1000],
    })
    expect(await tryLease(host)).toEqual({ done: 'ran' })
  })

  test('housekeeping on a host whose clock runs ahead keeps a live lease', async () => {
    const [holder, ahead] = await hosts.open(0, SKEW_MS)
    const { run, release } = await hold(holder)
    expect((await runHousekeeping(ahead)).pruned.jobLeases).toBe(0)
    expect(await tryLease(ahead)).toEqual({ heldBy: expect.any(String) })
    release()
    await run
  })
})
