import { afterEach, describe, expect, test } from 'bun:test'
import { streamReadyz } from '../support/stream-readyz'
import { eventually, streamWorld } from '../support/stream-world'

// docs/operations.md#a-job-that-hangs: a stream that could not read its platform for an hour showed it only in the log
// and on the Sources page: /readyz, which operators and their monitors read, said ready and nothing more. A remote
// platform's outage is no reason to take this server out of service, so it stays 200, naming the stream as degraded.
const worlds: Awaited<ReturnType<typeof streamWorld>>[] = []
afterEach(async () => {
  while (worlds.length) await worlds.pop()?.close()
})

describe('GET /readyz while a stream cannot read its platform', () => {
  test('stays 200, names the stream as degraded past 5 minutes, and stops once it reads again', async () => {
    const w = await streamWorld({ streams: ['hackernews'] })
    worlds.push(w)
    const { start, later, ready } = streamReadyz(w, 'hackernews')
    const first = w.hn.story('Ask HN: what do you read on Sundays?')
    w.start()
    await eventually('the first position', async () => (await w.position('hackernews')) === String(first))
    expect(await ready()).toEqual([])

    w.hn.setDown(true)
    await eventually('a failed read', async () => {
      const health = (await w.deps.repos.platformHealth.list()).find((h) => h.platform === 'hackernews')
      return (health?.lastError ?? '') !== ''
    })
    // A short outage (a reconnection) says nothing.
    expect(await ready()).toEqual([])

    later(6 * 60_000)
    const [degraded, ...more] = await ready()
    expect(more).toEqual([])
    expect(degraded).toContain(start.toISOString().slice(0, 16))
    expect(degraded).not.toContain('127.0.0.1')

    w.hn.setDown(false)
    const next = w.hn.story('Show HN: a weekend project')
    await eventually('read again', async () => (await w.position('hackernews')) === String(next), 20_000)
    expect(await ready()).toEqual([])
  }, 40_000)
})
