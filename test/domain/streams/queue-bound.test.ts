import { afterEach, describe, expect, test } from 'bun:test'
import { drainPending } from '../../../src/domain/polling/pending'
import { newPass } from '../../../src/domain/polling/state'
import { platformStatus } from '../../../src/domain/sources/status'
import { createLogger } from '../../../src/lib/log'
import { fakeUpstream } from '../../support/fake-upstream'
import { BUYING, eventually, streamWorld } from '../../support/stream-world'

// docs/streams.md#backpressure: while a model is behind a stream, its overflow goes to the polling queue only up to a
// bound per team and platform; past it the embedded model scores it, so the queue stays bounded and no lead is lost,
// and the log says once when the bound starts acting and once when it stops.
const worlds: Awaited<ReturnType<typeof streamWorld>>[] = []
const models: ReturnType<typeof fakeUpstream>[] = []
afterEach(async () => {
  while (worlds.length) await worlds.pop()?.close()
  while (models.length) models.pop()?.stop()
})

/** A slow Ollama on 127.0.0.1: its calls wait for `open`, then take 200 ms each, and qualify every post. */
function slowModel() {
  let open = () => {}
  const gate = new Promise<void>((r) => {
    open = r
  })
  let calls = 0
  const model = fakeUpstream(async (req) => {
    calls++
    await gate
    await Bun.sleep(200)
    const content = JSON.stringify({ intent: 'ACTIVE', score: 8.5, icpMatch: null, reason: 'asks for a CRM' })
    const { model: name } = JSON.parse(req.body) as { model: string }
    return Response.json({
      model: name,
      created_at: '2026-12-05T00:00:00Z',
      message: { role: 'assistant', content },
      done: true,
    })
  })
  models.push(model)
  return { origin: model.origin, open, calls: () => calls }
}

/** The bound as source health shows it to the world's team (docs/streams.md#source-health). */
const queueBoundOf = async (w: Awaited<ReturnType<typeof streamWorld>>) => {
  const caller = { team: w.team, plan: w.deps.config.plans.scale } as never
  const { platforms } = await platformStatus(w.deps, caller)
  return platforms.find((p) => p.platform === 'bluesky')?.stream
}

/** The first post held at the model, then 1,500 matching posts: the stream's queue is then three-quarters full. */
async function overflowing(w: Awaited<ReturnType<typeof streamWorld>>, model: ReturnType<typeof slowModel>) {
  await eventually('the reader to connect', () => w.jet.clients() === 1)
  w.jet.post(BUYING('first'))
  await eventually('the first post at the model', () => model.calls() === 1)
  for (let i = 0; i < 1500; i++) w.jet.post(BUYING(i))
  await Bun.sleep(2000)
  model.open()
}

describe('the bound of the polling queue a stream hands its overflow to', () => {
  test('past it, the overflow is scored by the embedded model; one warning when it starts, one line when it stops', async () => {
    const model = slowModel()
    const lines: Record<string, unknown>[] = []
    const w = await streamWorld({
      scorer: { backend: 'ollama', ollama: { host: model.origin }, concurrency: 64, timeout_ms: 20_000 },
      log: createLogger((l) => lines.push(JSON.parse(l))),
    })
    worlds.push(w)
    const cap = 5
    w.start({ queuedCap: cap })
    await overflowing(w, model)
    const n = 1500
    const count = async (sql: string) => Number((await w.deps.database.client.execute(sql)).rows[0]?.n)
    const pending = () => count("select count(*) as n from pending_mentions where platform = 'bluesky'")
    const signals = (by: string) => count(`select count(*) as n from signals where scored_by = '${by}'`)
    await eventually(
      'every post handled',
      async () => (await signals('ollama')) + (await signals('rules')) + (await pending()) === n + 1,
      60_000,
    )

    // The polling queue holds no more than the bound; what went past it is a signal by the embedded model, saying so.
    expect(await pending()).toBe(cap)
    // Source health says so to the team, and since when, while the bound holds.
    const shown = (await queueBoundOf(w))?.queueBound
    expect(shown?.note).toContain('the Ollama model server is behind the stream')
    expect(shown?.note).toContain('scored by the embedded scorer')
    expect(Date.parse(shown?.since ?? '')).toBe(Date.parse(w.deps.clock.now().toISOString()))
    const byRules = await signals('rules')
    expect(byRules).toBeGreaterThan(0)
    expect(await signals('ollama')).toBeGreaterThan(0)
    const reasons = await w.deps.database.client.execute("select reason from signals where scored_by = 'rules'")
    for (const r of reasons.rows)
      expect(String(r.reason)).toEndWith(
        '(scored by the embedded scorer: the Ollama model server was behind the bluesky stream)',
      )
    const bound = lines.filter((l) => l.event === 'stream_queue_bound')
    expect(bound).toHaveLength(1)
    expect(String(bound[0]?.next)).toContain('are scored by the embedded scorer until a polling pass')
    expect(String(bound[0]?.next)).not.toContain('rules scorer')
    expect(bound[0]).toMatchObject({ level: 'warn', platform: 'bluesky', teamId: w.team.id, queued: cap })

    // A polling pass drains the queue; the stream's next batch finds room and says so, once.
    await drainPending(newPass(w.deps, new AbortController().signal, w.deps.scoring.batch()))
    expect(await pending()).toBe(0)
    w.jet.post(BUYING('after'))
    await eventually('the end of the bound told', () => lines.some((l) => l.event === 'stream_queue_unbound'))
    expect(lines.filter((l) => l.event === 'stream_queue_unbound')).toEqual([
      expect.objectContaining({
        level: 'info',
        platform: 'bluesky',
        teamId: w.team.id,
        queued: 0,
        scoredByRules: byRules,
      }),
    ])
    expect(lines.filter((l) => l.event === 'stream_queue_bound')).toHaveLength(1)
    expect((await queueBoundOf(w))?.queueBound).toBeNull()
  }, 90_000)

  // docs/scoring.md#fallback-and-timeouts: with fallback "none" nothing is scored by the embedded scorer in place of
  // the model; past the bound the overflow is passed over and reported as a gap, never scored by rules.
  test('with scorer.fallback = "none", past it the overflow is a gap in source health, not scored by the rules', async () => {
    const model = slowModel()
    const lines: Record<string, unknown>[] = []
    const w = await streamWorld({
      scorer: {
        backend: 'ollama',
        ollama: { host: model.origin },
        concurrency: 64,
        timeout_ms: 20_000,
        fallback: 'none',
      },
      log: createLogger((l) => lines.push(JSON.parse(l))),
    })
    worlds.push(w)
    const cap = 5
    w.start({ queuedCap: cap })
    await overflowing(w, model)
    const count = async (sql: string) => Number((await w.deps.database.client.execute(sql)).rows[0]?.n)
    const pending = () => count("select count(*) as n from pending_mentions where platform = 'bluesky'")
    await eventually('the gap told', () => lines.some((l) => l.event === 'stream_gap'), 60_000)
    await eventually('the stream caught up', async () => (await queueBoundOf(w))?.readLastHour === 1501, 60_000)
    await Bun.sleep(1000)
    expect(await pending()).toBe(cap)
    expect(await count("select count(*) as n from signals where scored_by = 'rules'")).toBe(0)
    expect(await count("select count(*) as n from signals where scored_by = 'ollama'")).toBeGreaterThan(0)
    const stream = await queueBoundOf(w)
    expect(stream?.gap?.note).toContain('scorer.fallback is "none"')
    expect(stream?.gap?.note).toContain('passed over unscored')
    expect(stream?.queueBound?.note).toContain('passed over unscored')
    expect(stream?.queueBound?.note).not.toContain('embedded scorer')
    expect(lines.filter((l) => l.event === 'stream_gap')).toHaveLength(1)
    expect(lines.filter((l) => l.event === 'stream_queue_bound')).toHaveLength(1)
  }, 90_000)
})
