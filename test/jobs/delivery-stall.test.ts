import { afterEach, describe, expect, test } from 'bun:test'
import { startDeliveryWorker } from '../../src/jobs/webhook-delivery'
import { recordingLogger } from '../support/log'
import { eventually } from '../support/stream-world'
import { expectStallToldOnce, readyAgain, silentWorld } from '../support/silent-world'

// docs/operations.md#a-job-that-hangs: the delivery worker whose libSQL server took its look for due attempts and
// never answered waited on it for good (over a WebSocket connection; about 6 minutes over http): no attempt was sent,
// nothing was logged, and /readyz named only polling as stuck.
const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

describe('the delivery worker whose database stops answering', () => {
  test('is told once as stalled, named on /readyz, and looks again once the database answers', async () => {
    const r = recordingLogger()
    const w = await silentWorld({ log: r.log })
    cleanup.push(() => w.stop())
    const worker = startDeliveryWorker(w.deps, { stallMs: 3000 })
    cleanup.push(() => {
      w.proxy.restart()
      return worker.stop()
    })
    await Bun.sleep(1500)
    expect(r.lines.filter((l) => l.level !== 'info')).toEqual([])

    w.proxy.silence()
    // Told once: later looks in the same silence are given up on too, without another warning.
    await expectStallToldOnce(w, r, {
      event: 'job_stalled',
      fields: { job: 'webhooks', waitedSeconds: 3 },
      job: 'webhook delivery',
      quietMs: 7000,
      never: 'job_failed',
    })

    w.proxy.restart()
    await eventually('job_recovered', () => r.of('job_recovered').length > 0, 15_000)
    expect(r.of('job_recovered')[0]?.fields.job).toBe('webhooks')
    await readyAgain(w.deps)
  }, 60_000)
})
