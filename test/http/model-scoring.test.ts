import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ConfigInput } from '../../src/config/schema'
import { buildDeps } from '../../src/deps'
import { silentLogger } from '../support/log'
import { client } from '../support/http'
import { seedTeam, testConfig } from '../support/deps'
import { lastingTestDatabase } from '../support/test-database'
import { fakeUpstream } from '../support/fake-upstream'
import { REFUSED_ORIGIN } from '../support/refused'
import { runningModels } from '../support/ollama-ps'

// A fake Ollama whose /api/chat answer depends on `mode`, counting calls in flight.
type Mode = 'valid' | 'high' | 'unknown-intent' | 'not-json' | 'empty' | 'slow'
let mode: Mode = 'valid'
let inFlight = 0
let peak = 0
const running = runningModels()
const ollama = fakeUpstream(async (req) => {
  const ps = running.answer(req)
  if (ps) return ps
  inFlight++
  peak = Math.max(peak, inFlight)
  try {
    const model = (JSON.parse(req.body) as { model: string }).model
    // Ollama's /api/chat or an OpenAI-compatible /v1/chat/completions, each in its own answer shape.
    const reply = (content: string) =>
      req.url.pathname === '/v1/chat/completions'
        ? Response.json({
            id: 'c1',
            object: 'chat.completion',
            created: 1,
            model,
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          })
        : Response.json({
            model,
            created_at: '2026-11-21T00:00:00Z',
            message: { role: 'assistant', content },
            done: true,
          })
    if (mode === 'slow') {
      await Bun.sleep(4_000)
      return reply('{}')
    }
    await Bun.sleep(20)
    if (mode === 'high')
      return reply(JSON.stringify({ intent: 'ACTIVE', score: 14, icpMatch: null, reason: 'asks for a CRM' }))
    if (mode === 'unknown-intent')
      return reply(JSON.stringify({ intent: 'HOT', score: 8, icpMatch: null, reason: 'x' }))
    if (mode === 'not-json') return reply('I think this is a lead.')
    if (mode === 'empty') return reply('')
    return reply(
      JSON.stringify({ intent: 'ACTIVE', score: 8.5, icpMatch: null, reason: 'asks for a CRM recommendation' }),
    )
  } finally {
    inFlight--
  }
})
afterAll(() => ollama.stop())
// A port nothing listens on: the connection is refused.
const closed = REFUSED_ORIGIN

const post = { content: 'We are looking for a CRM for our 10-person sales team, any recommendations?', keyword: 'crm' }

async function setup(scorer: Partial<NonNullable<ConfigInput['scorer']>>, dbUrl = ':memory:') {
  const config = testConfig({
    database: { url: dbUrl },
    // Well above the 20 ms answer, well under the slow one: with 150 ms, a pause of the machine under a CI run made a
    // valid answer late once, and with 600 ms once more beside another test file and three helpers' work.
    scorer: { backend: 'ollama', timeout_ms: 1_500, ollama: { host: ollama.origin }, ...scorer },
  })
  const deps = await buildDeps(config, { log: silentLogger })
  const { apiKey } = await seedTeam(deps)
  const call = client(deps)
  return {
    deps,
    apiKey,
    score: (content = post.content) => call('POST', '/api/v1/leads/score', { key: apiKey, body: { ...post, content } }),
    used: async () => (await call('GET', '/api/v1/usage', { key: apiKey })).body.usage.used,
  }
}

const backends = {
  ollama: (host: string) => ({ backend: 'ollama' as const, ollama: { host } }),
  openai: (host: string) => ({ backend: 'openai' as const, openai: { base_url: `${host}/v1`, api_key: 'sk-test' } }),
}

for (const [backend, at] of Object.entries(backends)) {
  test(`${backend}: each kind of reply gives the documented outcome under both fallback settings`, async () => {
    const outcomes: Record<string, string> = {}
    let n = 0
    for (const m of ['valid', 'high', 'unknown-intent', 'not-json', 'empty', 'slow', 'refused'] as const) {
      for (const fallback of ['rules', 'none'] as const) {
        mode = m === 'refused' ? 'valid' : m
        const s = await setup({ fallback, ...at(m === 'refused' ? closed : ollama.origin) })
        // A new text each time, so no answer comes from the store.
        const r = await s.score(`${post.content} (case ${n++})`)
        outcomes[`${m}/${fallback}`] =
          `${r.status} ${r.headers.get('x-scorer') ?? r.body.error?.code} ${r.status === 200 ? r.body.score : ''} used=${await s.used()}`
      }
    }
    expect(outcomes).toEqual({
      'valid/rules': `200 ${backend} 8.5 used=1`,
      'valid/none': `200 ${backend} 8.5 used=1`,
      // A score off the scale (14), unknown intent, not JSON, empty, slow or refused: the rules scorer answers, or
      // 503 uncharged.
      ...Object.fromEntries(
        ['high', 'unknown-intent', 'not-json', 'empty', 'slow', 'refused'].flatMap((m) => [
          [`${m}/rules`, expect.stringMatching(/^200 rules \d+(\.\d)? used=1$/)],
          [`${m}/none`, '503 scorer_unavailable  used=0'],
        ]),
      ),
    })
    // Fourteen servers built one after another, two of them waiting out a 1.5 s timeout: 13-27 s beside other test
    // files and three busy loops, so 30 s timed out now and then, and the loop left running then set `mode` under the
    // tests after it (a valid answer where not-json was expected).
  }, 90_000)
}

describe('the ollama backend through POST /api/v1/leads/score', () => {
  test('with concurrency = 2 and 20 simultaneous score calls the model server never sees more than 2 at once', async () => {
    mode = 'valid'
    // Requests the previous test gave up on may still be sleeping inside the fake: let them finish first.
    while (inFlight > 0) await Bun.sleep(10)
    peak = 0
    const s = await setup({ concurrency: 2, timeout_ms: 5000 })
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => s.score(`${post.content} #${i}`)))
    expect(replies.every((r) => r.status === 200 && r.headers.get('x-scorer') === 'ollama')).toBe(true)
    expect(peak).toBe(2)
  })

  test('a second identical score call does not reach the model server, also after a restart', async () => {
    mode = 'valid'
    const dir = mkdtempSync(join(tmpdir(), 'ls-model-cache-'))
    try {
      const url = await lastingTestDatabase(`file:${join(dir, 'x.db')}`)
      const first = await setup({}, url)
      ollama.received.length = 0
      expect((await first.score()).status).toBe(200)
      expect((await first.score()).body.score).toBe(8.5)
      expect(ollama.received).toHaveLength(1)
      first.deps.database.client.close()
      const config = testConfig({ database: { url }, scorer: { backend: 'ollama', ollama: { host: ollama.origin } } })
      const again = await buildDeps(config, { log: silentLogger })
      const r = await client(again)('POST', '/api/v1/leads/score', { key: first.apiKey, body: post })
      expect({ status: r.status, score: r.body.score, scorer: r.headers.get('x-scorer') }).toEqual({
        status: 200,
        score: 8.5,
        scorer: 'ollama',
      })
      expect(ollama.received).toHaveLength(1)
      again.database.client.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
