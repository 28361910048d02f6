// docs/api.md#error-codes through the HTTP layer: the server's own side failing (a scorer down, resting or too
// slow; an unexpected failure), with nothing revealed and nothing charged.
import { describe, expect, test } from 'bun:test'
import type { Scorer } from '../../src/scorers/types'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { expectError, scoreBody } from '../support/api-errors'

describe('the error rows of docs/api.md#error-codes through the HTTP layer', () => {
  test('503 scorer_unavailable when the scorer fails and fallback is none; the rules scorer answers when fallback is rules', async () => {
    const failing: Scorer = {
      name: 'ollama',
      score: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:11434')
      },
    }
    const strict = await testDeps({ config: { scorer: { fallback: 'none' } }, deps: { scorer: failing } })
    const a = await seedTeam(strict.deps)
    const r = await client(strict.deps)('POST', '/api/v1/leads/score', { key: a.apiKey, body: scoreBody })
    expectError(r, 503, 'scorer_unavailable')
    // docs/api.md#error-codes: the 503 said only 'the ollama scorer could not answer', with no Retry-After.
    expect(r.headers.get('retry-after')).toBe('15')
    expect(r.body.error.message).toBe(
      'the Ollama model server could not answer; nothing was charged: ask again in 15 s, when it may answer',
    )
    expect(JSON.stringify(r.body)).not.toContain('ECONNREFUSED')
    expect((await client(strict.deps)('GET', '/api/v1/usage', { key: a.apiKey })).body.usage.used).toBe(0)

    const lenient = await testDeps({ config: { scorer: { fallback: 'rules' } }, deps: { scorer: failing } })
    const b = await seedTeam(lenient.deps)
    const ok = await client(lenient.deps)('POST', '/api/v1/leads/score', { key: b.apiKey, body: scoreBody })
    expect(ok.status).toBe(200)
    expect(ok.body.intent).toBe('ACTIVE')
  })

  test('503 scorer_unavailable of a resting model counts its Retry-After to the next check of its server', async () => {
    // A model resting after a timeout is checked every 15 s (docs/scoring.md#fallback-and-timeouts): the seconds
    // count to the next check, and a call that starts the check learns that it ends within 2 s.
    let probes = 0
    const hung: Scorer = {
      name: 'ollama',
      score: () => new Promise(() => {}),
      probe: () => {
        probes++
        return new Promise(() => {})
      },
    }
    const resting = await testDeps({ config: { scorer: { fallback: 'none', timeout_ms: 50 } }, deps: { scorer: hung } })
    const b = await seedTeam(resting.deps)
    const score = () => client(resting.deps)('POST', '/api/v1/leads/score', { key: b.apiKey, body: scoreBody })
    const later = (ms: number) => resting.clock.set(new Date(resting.clock.now().getTime() + ms))
    expect((await score()).headers.get('retry-after')).toBe('15')
    later(10_000)
    expect((await score()).headers.get('retry-after')).toBe('5')
    later(5_000)
    const checking = await score()
    expect(probes).toBe(1)
    expect(checking.headers.get('retry-after')).toBe('2')
    expect(checking.body.error.message).toContain('ask again in 2 s')
    expect((await client(resting.deps)('GET', '/api/v1/usage', { key: b.apiKey })).body.usage.used).toBe(0)
  })

  test('a scorer that does not answer within scorer.timeout_ms is cut off: 503 without fallback, rules with it', async () => {
    const hanging: Scorer = { name: 'ollama', score: () => new Promise(() => {}) }
    const strict = await testDeps({
      config: { scorer: { fallback: 'none', timeout_ms: 50 } },
      deps: { scorer: hanging },
    })
    const a = await seedTeam(strict.deps)
    expectError(
      await client(strict.deps)('POST', '/api/v1/leads/score', { key: a.apiKey, body: scoreBody }),
      503,
      'scorer_unavailable',
    )
    const lenient = await testDeps({ config: { scorer: { timeout_ms: 50 } }, deps: { scorer: hanging } })
    const b = await seedTeam(lenient.deps)
    expect(
      (await client(lenient.deps)('POST', '/api/v1/leads/score', { key: b.apiKey, body: scoreBody })).body.intent,
    ).toBe('ACTIVE')
  })

  test('an unexpected failure is a 500 internal error that reveals nothing', async () => {
    const broken: Scorer = {
      name: 'rules',
      score: async () => {
        throw new Error('unreachable')
      },
    }
    const { deps } = await testDeps({ deps: { scorer: broken } })
    const { apiKey } = await seedTeam(deps)
    deps.repos.icpProfiles.list = async () => {
      throw new Error('SQLITE_ERROR: no such table: icp_profiles at /srv/data/x.db')
    }
    const r = await client(deps)('POST', '/api/v1/leads/score', { key: apiKey, body: scoreBody })
    expectError(r, 500, 'internal')
    expect(JSON.stringify(r.body)).not.toMatch(/SQLITE|icp_profiles|\/srv/)
  })
})
