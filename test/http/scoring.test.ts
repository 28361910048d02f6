import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { splitReason } from '../../src/console/signal-facts'
import { buildDeps } from '../../src/deps'
import { silentLogger } from '../support/log'
import type { Scorer } from '../../src/scorers/types'
import { client } from '../support/http'
import { seedTeam, testConfig, testDeps } from '../support/deps'
import { lastingTestDatabase } from '../support/test-database'

const body = {
  content: 'We need a better CRM for our sales team, any recommendations?',
  keyword: 'crm',
  context: 'We sell Acme CRM',
}

/** A model scorer stand-in that counts the questions it is asked. */
function countingScorer(answer: () => Promise<{ score: number; intent: 'ACTIVE'; icpMatch: null; reason: string }>) {
  const scorer: Scorer & { calls: number } = {
    name: 'ollama',
    model: 'test-model',
    calls: 0,
    score: async () => {
      scorer.calls++
      return answer()
    },
  }
  return scorer
}

describe('the scoring service behind POST /api/v1/leads/score', () => {
  test('names the scorer that answered in x-scorer; a fallback says so in the reason', async () => {
    const ok = countingScorer(async () => ({ score: 9, intent: 'ACTIVE', icpMatch: null, reason: 'wants a CRM now' }))
    const a = await testDeps({ deps: { scorer: ok } })
    const ka = await seedTeam(a.deps)
    const r = await client(a.deps)('POST', '/api/v1/leads/score', { key: ka.apiKey, body })
    expect(r.headers.get('x-scorer')).toBe('ollama')
    expect(r.body).toEqual({ qualified: true, score: 9, intent: 'ACTIVE', icpMatch: null, reason: 'wants a CRM now' })

    const down = countingScorer(async () => {
      throw new Error('connection refused')
    })
    const b = await testDeps({ deps: { scorer: down } })
    const kb = await seedTeam(b.deps)
    const f = await client(b.deps)('POST', '/api/v1/leads/score', { key: kb.apiKey, body })
    expect(f.headers.get('x-scorer')).toBe('rules')
    expect(f.body.reason).toContain('scored by the embedded scorer: the Ollama model server could not answer')
    expect(f.body.reason).not.toContain('rules scorer')
    // The console's Signals page takes the note off as written: a tag and a notice rather than the reason's end.
    expect(splitReason(f.body.reason).standIn).toEqual({ for: 'ollama', behind: null })
    expect(f.body.intent).toBe('ACTIVE')
  })

  test('the same question is asked of the model once, also after a restart; another team or text asks again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ls-score-cache-'))
    try {
      const config = testConfig({ database: { url: await lastingTestDatabase(`file:${join(dir, 'x.db')}`) } })
      const scorer = countingScorer(async () => ({ score: 8, intent: 'ACTIVE', icpMatch: null, reason: 'r' }))
      const first = await buildDeps(config, { log: silentLogger, scorer })
      const { apiKey } = await seedTeam(first)
      const other = await seedTeam(first, { name: 'other' })
      const call = client(first)
      await call('POST', '/api/v1/leads/score', { key: apiKey, body })
      await call('POST', '/api/v1/leads/score', { key: apiKey, body })
      expect(scorer.calls).toBe(1)
      await call('POST', '/api/v1/leads/score', { key: other.apiKey, body })
      await call('POST', '/api/v1/leads/score', { key: apiKey, body: { ...body, context: 'We sell Beta CRM' } })
      expect(scorer.calls).toBe(3)
      first.database.client.close()

      const restarted = await buildDeps(config, { log: silentLogger, scorer })
      const again = await client(restarted)('POST', '/api/v1/leads/score', { key: apiKey, body })
      expect(again.status).toBe(200)
      expect(again.headers.get('x-scorer')).toBe('ollama')
      expect(scorer.calls).toBe(3)
      // A cached answer is still a counted call.
      expect((await client(restarted)('GET', '/api/v1/usage', { key: apiKey })).body.usage.used).toBe(4)
      restarted.database.client.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test("a fallback answer is not stored as the model's", async () => {
    let fail = true
    const scorer = countingScorer(async () => {
      if (fail) throw new Error('down')
      return { score: 7, intent: 'ACTIVE', icpMatch: null, reason: 'model' }
    })
    const { deps } = await testDeps({ deps: { scorer } })
    const { apiKey } = await seedTeam(deps)
    const call = client(deps)
    expect((await call('POST', '/api/v1/leads/score', { key: apiKey, body })).headers.get('x-scorer')).toBe('rules')
    fail = false
    const r = await call('POST', '/api/v1/leads/score', { key: apiKey, body })
    expect(r.headers.get('x-scorer')).toBe('ollama')
    expect(r.body.reason).toBe('model')
  })
})
