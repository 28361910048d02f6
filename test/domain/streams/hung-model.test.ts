import { afterEach, describe, expect, test } from 'bun:test'
import type { manualClock } from '../../support/clock'
import { client } from '../../support/http'
import { fakeUpstream } from '../../support/fake-upstream'
import { BUYING, eventually, streamWorld } from '../../support/stream-world'

// docs/streams.md#resuming: a batch's scoring is given up on as hung once it has run longer than its allowance, one
// scorer.timeout_ms for each round of scorer.concurrency calls on top of the step's own, and the stream starts again
// from its stored position, which GET /readyz does not name. A model server that takes the connection and never
// answers cannot bring that about: every call is cut at scorer.timeout_ms (lib/limiter.ts), after which the model rests
// and the fallback answers. So the stream does not start again and again on it, and nothing needs naming.
const worlds: Awaited<ReturnType<typeof streamWorld>>[] = []
const servers: { stop(): void }[] = []
afterEach(async () => {
  while (worlds.length) await worlds.pop()?.close()
  while (servers.length) servers.pop()?.stop()
})

/**
 * Ollama (its API documentation: "Show model information", "Version", "Generate a chat completion") whose chat never
 * answers, as a server whose model hangs: the connection is taken and the request read, and nothing comes back. The
 * rest of the API answers, so each check of the server finds it up and the model is asked again after each rest.
 */
function hungOllama() {
  let chats = 0
  const server = fakeUpstream((req) => {
    if (req.url.pathname === '/api/version') return Response.json({ version: '0.12.6' })
    if (req.url.pathname === '/api/show') return Response.json({ capabilities: ['completion'] })
    chats++
    return new Promise<Response>(() => {})
  })
  servers.push(server)
  return { origin: server.origin, chats: () => chats }
}

describe('a stream whose model server never answers', () => {
  test('is not given up on as hung: each call ends at scorer.timeout_ms, the fallback scores, the position moves on', async () => {
    const ollama = hungOllama()
    const events: string[] = []
    const started: unknown[] = []
    const log = {
      debug: () => {},
      info: (event: string, fields?: Record<string, unknown>) => {
        events.push(event)
        if (event === 'stream_started') started.push(fields?.platform)
      },
      warn: (event: string) => void events.push(event),
      error: (event: string) => void events.push(event),
    }
    const w = await streamWorld({
      scorer: {
        backend: 'ollama',
        ollama: { host: ollama.origin },
        timeout_ms: 1000,
        concurrency: 1,
        fallback: 'rules',
        triage: 'none',
      },
      log,
      // Hacker News polled every second (5 s as served).
      hnPace: { pollMs: 1000 },
    })
    worlds.push(w)
    const before = w.hn.story('Show HN: a weekend project')
    // The step's own allowance as short as the tests of a hung store: a batch of n pairs may score for n s on top.
    w.start({ stallMs: 1000 })
    await eventually('the first position', async () => (await w.position('hackernews')) === String(before))

    const stories = [w.hn.story(BUYING('one')), w.hn.story(BUYING('two')), w.hn.story(BUYING('three'))]
    await eventually('three signals', async () => (await w.signals()).length === 3, 20_000)
    expect(ollama.chats()).toBeGreaterThan(0)
    const scoredBy = await w.deps.database.client.execute('select distinct scored_by from signals')
    expect(scoredBy.rows.map((r) => String(r.scored_by))).toEqual(['rules'])
    await eventually('the position past them', async () => (await w.position('hackernews')) === String(stories[2]))

    // After the model's rest (15 s by the clock) a check finds the server up, and a later batch asks it again: cut
    // off the same.
    const asked = ollama.chats()
    const clock = w.deps.clock as ReturnType<typeof manualClock>
    clock.set(new Date(clock.now().getTime() + 16_000))
    let later = w.hn.story(BUYING('after the rest'))
    await eventually(
      'the model asked again',
      () => {
        if (ollama.chats() > asked) return true
        // The first batch after the rest may come before the check's answer, and be the fallback's.
        later = w.hn.story(BUYING(`after the rest ${later}`))
        return false
      },
      10_000,
    )
    await eventually('the position past it', async () => (await w.position('hackernews')) === String(later), 10_000)
    expect((await w.signals()).length).toBeGreaterThan(3)

    expect(events).toContain('scorer_failed')
    expect(events.filter((e) => e === 'stream_stalled' || e === 'stream_failed')).toEqual([])
    expect(started.filter((p) => p === 'hackernews')).toHaveLength(1)
    const ready = await client(w.deps)('GET', '/readyz')
    expect(ready.status).toBe(200)
    expect(ready.body.degraded).toBeUndefined()
  }, 60_000)
})
