// docs/api.md#source-health: `failingSince` says when a source's current run of failures began, so a client (and the
// console's warning, docs/console.md#sources-not-answering) can say since when it has failed, even for a source that
// never answered: `lastSuccessAt` alone left that one with no start at all. The fake answers Hacker News' search as
// Algolia's HN Search API does, and 503 ("service unavailable", which that API may answer: it has no SLA,
// docs/platforms.md#hackernews) while it fails; the server listens on 127.0.0.1 and is asked over HTTP.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createApp } from '../../src/app'
import type { Deps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { runPollPass } from '../../src/jobs/poll-pass'
import { seedTeam, testDeps } from '../support/deps'
import { fakePlatforms } from '../support/fake-platforms'
import { narrowPlan } from '../support/one-team-console'

const world = fakePlatforms()
const T0 = Date.parse('2026-11-15T12:00:00.000Z')
const at = (hours: number) => new Date(T0 + hours * 3_600_000).toISOString()
let made: { deps: Deps; clock: { set(d: Date): void }; key: string; origin: string; stop(): unknown }

beforeAll(async () => {
  const { deps, clock } = await testDeps({
    config: { ...narrowPlan(['hackernews']), platforms: world.platformsConfig },
    now: at(0),
  })
  const { team, apiKey } = await seedTeam(deps, { plan: 'narrow' })
  await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
  const listening = createApp(deps).listen({ hostname: '127.0.0.1', port: 0 })
  const origin = `http://127.0.0.1:${listening.server?.port}`
  made = { deps, clock, key: apiKey, origin, stop: () => listening.stop(true) }
})
afterAll(async () => {
  await made?.stop()
  made?.deps.database.client.close()
  world.stop()
})

/** A polling pass at `hours` after the start, by the server's clock, then Hacker News' entry as the API answers it. */
async function passAt(hours: number) {
  made.clock.set(new Date(at(hours)))
  await runPollPass(made.deps)
  const res = await fetch(`${made.origin}/api/v1/platforms`, { headers: { 'x-api-key': made.key } })
  expect(res.status).toBe(200)
  const body = (await res.json()) as { platforms: Record<string, unknown>[] }
  const hn = body.platforms.find((p) => p.platform === 'hackernews')
  return { failingSince: hn?.failingSince, lastSuccessAt: hn?.lastSuccessAt, lastFailureAt: hn?.lastFailureAt }
}

describe('a source failing, answering, then failing again', () => {
  test('one that never answered fails since its first failure, kept through the next ones', async () => {
    world.fail('hackernews', () => new Response('upstream unavailable', { status: 503 }))
    expect(await passAt(0)).toEqual({ failingSince: at(0), lastSuccessAt: null, lastFailureAt: at(0) })
    expect(await passAt(1)).toEqual({ failingSince: at(0), lastSuccessAt: null, lastFailureAt: at(1) })
    expect(await passAt(2.5)).toEqual({ failingSince: at(0), lastSuccessAt: null, lastFailureAt: at(2.5) })
  })

  test('an answer ends the run: null while it answers', async () => {
    world.fail('hackernews')
    expect(await passAt(3)).toEqual({ failingSince: null, lastSuccessAt: at(3), lastFailureAt: at(2.5) })
  })

  test('the next failure starts a new run, from that failure, not the first one', async () => {
    world.fail('hackernews', () => new Response('upstream unavailable', { status: 503 }))
    expect(await passAt(4)).toEqual({ failingSince: at(4), lastSuccessAt: at(3), lastFailureAt: at(4) })
    expect(await passAt(5)).toEqual({ failingSince: at(4), lastSuccessAt: at(3), lastFailureAt: at(5) })
  })
})
