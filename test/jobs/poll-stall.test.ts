import { afterEach, describe, expect, test } from 'bun:test'
import { startScheduler } from '../../src/jobs/scheduler'
import { client } from '../support/http'
import { eventually } from '../support/stream-world'
import { silentWorld } from '../support/silent-world'
import { recordingLogger } from '../support/log'

// docs/operations.md#a-pass-that-hangs: a libSQL server that took a pass's request and never answered (a frozen host,
// packets dropped after the handshake) hung the pass for good: croner skipped every later pass as an overrun of it,
// /readyz said nothing of it (its own probe hung as well) and no line told the operator.
const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

async function world() {
  const { log, lines, of } = recordingLogger()
  const w = await silentWorld({ config: { polling: { schedule: '* * * * * *', lease_seconds: 5 } }, log })
  cleanup.push(() => w.stop())
  return { ...w, lines, of }
}

describe('a polling pass whose database stops answering', () => {
  test('is noticed, told once, shown on /readyz, and does not block the passes after it', async () => {
    const w = await world()
    // The database goes silent while the first pass searches: its next call (storing the page) is never answered.
    w.silenceOnSearch()
    const scheduler = startScheduler(w.deps)
    cleanup.push(() => {
      w.proxy.restart()
      return scheduler.stop()
    })
    await eventually('the database to go silent', () => w.searched() > 0 && w.proxy.waiting() > 0, 10_000)

    // Noticed within polling.lease_seconds (5 s here) of the last answer, and told in one line.
    await eventually('poll_stalled', () => w.of('poll_stalled').length > 0, 15_000)
    const [stalled] = w.of('poll_stalled')
    expect(stalled?.level).toBe('warn')
    const since = String(stalled?.fields.since)
    expect(Number.isNaN(Date.parse(since))).toBe(false)
    expect(stalled?.fields.waitedSeconds).toBeGreaterThanOrEqual(5)
    expect(JSON.stringify(stalled)).not.toContain('/')
    expect(JSON.stringify(stalled)).not.toContain(w.token)
    expect(w.of('job_failed')).toEqual([])

    // /readyz answers at once, and says that polling is stuck and since when, in its documented shape.
    const started = Date.now()
    const ready = await client(w.deps)('GET', '/readyz')
    expect(Date.now() - started).toBeLessThan(7000)
    expect(ready.status).toBe(503)
    expect(ready.body).toEqual({ status: 'not_ready', reason: expect.stringContaining(since) })
    expect(ready.body.reason).toContain('polling')

    // Still silent: a later pass is not blocked for good either; it gives up with a reason, and is not told again
    // as a new stall.
    await eventually('a pass skipped for the silence', () => w.of('poll_skipped').length > 0, 15_000)
    expect(String(w.of('poll_skipped')[0]?.fields.reason)).toContain(since)
    expect(w.of('poll_stalled')).toHaveLength(1)

    // The server comes back: the next pass polls, and /readyz is ready again.
    w.proxy.restart()
    await eventually('a completed pass', () => w.of('poll_pass').some((l) => l.fields.outcome === 'completed'), 20_000)
    await eventually('ready', async () => (await client(w.deps)('GET', '/readyz')).status === 200, 10_000)
    expect(w.of('poll_stalled')).toHaveLength(1)
  }, 60_000)
})
