import { afterEach, describe, expect, test } from 'bun:test'
import { QUEUE_PAIRS } from '../../../src/domain/streams/runner'
import { BUYING, eventually, streamWorld } from '../../support/stream-world'

// docs/streams.md#backpressure: a burst far larger than the queue is read in bounded pieces (the Jetstream reader
// lets go of its connection while the queue is full and resumes from its cursor), and nothing is lost or doubled.
const worlds: Awaited<ReturnType<typeof streamWorld>>[] = []
afterEach(async () => {
  while (worlds.length) await worlds.pop()?.close()
})

describe('a burst on the Bluesky stream', () => {
  test('three queues of matching posts at once: memory stays bounded, every post becomes one signal or is queued once', async () => {
    const w = await streamWorld()
    worlds.push(w)
    w.start()
    await eventually('the reader to connect', () => w.jet.clients() === 1)
    w.jet.post(BUYING('first'))
    await eventually('the first signal', async () => (await w.signals()).length === 1)
    await w.stop()
    const n = QUEUE_PAIRS * 3
    for (let i = 0; i < n; i++) w.jet.post(`${BUYING(i)} ${'padding '.repeat(100)}`)
    Bun.gc(true)
    const heapBefore = process.memoryUsage().heapUsed
    let heapPeak = heapBefore
    // The event loop (where the HTTP server answers) is never held long: the largest gap between 20 ms ticks, counted
    // as the CPU time this thread spent in it, when that is less. A gap the reader holds with work of its own costs
    // its length in this thread's CPU; with four test suites at once on two cores, one gap measured 2.1 s of wall
    // time, and the whole process's CPU (the collector's and compiler's threads too) 602 ms.
    let tick = performance.now()
    let cpu = process.threadCpuUsage()
    let longestGap = 0
    const sampler = setInterval(() => {
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
      const used = process.threadCpuUsage(cpu)
      longestGap = Math.max(longestGap, Math.min(performance.now() - tick, (used.user + used.system) / 1000))
      tick = performance.now()
      cpu = process.threadCpuUsage()
    }, 20)
    w.start()
    const handled = async () => {
      const rs = await w.deps.database.client.execute(
        "select (select count(*) from signals where platform = 'bluesky') + (select count(*) from pending_mentions) as n",
      )
      return Number(rs.rows[0]?.n)
    }
    await eventually('every post handled', async () => (await handled()) === n + 1, 60_000)
    clearInterval(sampler)
    // The reader let go of its connection while the queue was full and resumed from its cursor.
    expect(w.jet.connections.length).toBeGreaterThan(2)
    const dupes = await w.deps.database.client.execute(
      'select count(*) as n from (select post_id from signals group by post_id having count(*) > 1)',
    )
    expect(Number(dupes.rows[0]?.n)).toBe(0)
    // 6,000 posts of about 1 kB each held at once would be tens of MB with their pairs and JSON; the queue holds 2,000.
    expect(heapPeak - heapBefore).toBeLessThan(64 * 1024 * 1024)
    expect(longestGap).toBeLessThan(500)
  }, 90_000)
})
