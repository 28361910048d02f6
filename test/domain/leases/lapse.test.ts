import { describe, expect, test } from 'bun:test'
import { LeaseLapsed, withLease } from '../../../src/domain/leases/lease'
import { testDeps } from '../../support/deps'

// docs/architecture.md#a-job-the-database-stops-answering: the lease is the watchdog of every job that holds one.
const TTL_MS = 1500
const never = () => new Promise<never>(() => {})

describe('a lease the database stops answering', () => {
  test('lapses: the run is given up on with the last time the database answered, and its release is not waited for', async () => {
    const { deps } = await testDeps()
    const leases = deps.repos.jobLeases
    leases.renew = never
    leases.release = never
    let stopped = false
    const started = Date.now()
    const run = withLease(deps, { name: 'job', ttlMs: TTL_MS }, (stop) => {
      stop.addEventListener('abort', () => {
        stopped = true
      })
      return never()
    })
    const err = await run.catch((e: unknown) => e)
    expect(err).toBeInstanceOf(LeaseLapsed)
    expect((err as LeaseLapsed).since).toBe(deps.clock.now().toISOString())
    expect(Date.now() - started).toBeLessThan(TTL_MS + 1000)
    expect(stopped).toBe(true)
  })

  test('does not lapse while renewals answer, even with a failure; the run ends as it would', async () => {
    const { deps } = await testDeps()
    let renewals = 0
    deps.repos.jobLeases.renew = async () => {
      renewals++
      throw new Error('SQLITE_BUSY: database is locked')
    }
    const run = await withLease(deps, { name: 'job', ttlMs: TTL_MS }, async () => {
      await Bun.sleep(TTL_MS * 2)
      return 'done'
    })
    expect(run).toEqual({ done: 'done' })
    expect(renewals).toBeGreaterThanOrEqual(2)
  })

  test('taking it is waited for at most its time', async () => {
    const { deps } = await testDeps()
    deps.repos.jobLeases.acquire = never
    const err = await withLease(deps, { name: 'job', ttlMs: TTL_MS }, async () => 'ran').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(LeaseLapsed)
  })
})
