import { expect } from 'bun:test'
import type { manualClock } from './clock'
import { client } from './http'
import type { streamWorld } from './stream-world'

/**
 * GET /readyz of `w`'s server as a stream's tests read it: `ready()` checks it is 200 and ready, and answers the
 * `degraded` entries of `platform`'s stream (the world's other streams have no fake platform to read). The world's
 * manual clock is set to now, `start`, which `later(ms)` moves on from.
 */
export function streamReadyz(w: Awaited<ReturnType<typeof streamWorld>>, platform: string) {
  const clock = w.deps.clock as ReturnType<typeof manualClock>
  const start = new Date()
  clock.set(start)
  return {
    start,
    later: (ms: number) => clock.set(new Date(start.getTime() + ms)),
    async ready() {
      const r = await client(w.deps)('GET', '/readyz')
      expect(r.status).toBe(200)
      expect(r.body.status).toBe('ready')
      return ((r.body.degraded ?? []) as string[]).filter((d) => d.startsWith(`the ${platform} stream`))
    },
  }
}
