import { afterEach, describe, expect, test } from 'bun:test'
import { scheduledHousekeeping } from '../../src/jobs/housekeeping'
import { expectNoSecrets, expectShownStuck, readyAgain, silentWorld } from '../support/silent-world'
import { recordingLogger } from '../support/log'

// docs/operations.md#a-job-that-hangs: housekeeping whose libSQL server stopped answering was given up on after its
// lease's time, but only as a `job_failed` error quoting the lease, and /readyz named only polling as stuck, so an
// operator without polling saw nothing of which job the silence had stopped.
const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

describe('housekeeping whose database stops answering', () => {
  test('is given up on within its lease, told once, named on /readyz, and cleared once the database answers', async () => {
    const r = recordingLogger()
    const w = await silentWorld({ log: r.log })
    cleanup.push(() => w.stop())
    w.proxy.silence()
    const started = Date.now()
    await scheduledHousekeeping(w.deps, { leaseMs: 3000 })
    expect(Date.now() - started).toBeLessThan(10_000)

    const [stalled, ...more] = r.of('job_stalled')
    expect(more).toEqual([])
    expect(stalled?.fields).toMatchObject({ job: 'housekeeping', waitedSeconds: 3 })
    await expectShownStuck(w.deps, 'housekeeping', stalled)
    expectNoSecrets(r.lines, w.token)
    expect(r.of('job_failed')).toEqual([])

    // A second run in the same silence is not a new stall.
    await scheduledHousekeeping(w.deps, { leaseMs: 3000 })
    expect(r.of('job_stalled')).toHaveLength(1)

    w.proxy.restart()
    await readyAgain(w.deps)
    await scheduledHousekeeping(w.deps, { leaseMs: 3000 })
    expect(r.of('housekeeping').at(-1)?.fields.outcome).toBeDefined()
  }, 60_000)
})
