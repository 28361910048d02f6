// A fake Ollama: POST /api/chat answers a non-streaming chat response whose message content is the next of
// `contents` (the last one repeats), as Ollama shapes it; every request is recorded. Each test file starts its
// fakes with its own fakesPerTest(), so that its afterEach stops them.
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOllamaScorer } from '../../src/scorers/ollama'
import type { ScoreInput } from '../../src/scorers/types'
import type { fakesPerTest, Received } from '../support/fake-upstream'

export const fakeOllamaOn = (startFake: ReturnType<typeof fakesPerTest>) =>
  function fakeOllama(...contents: string[]) {
    let n = 0
    const f = startFake((req) => {
      if (req.method !== 'POST' || req.url.pathname !== '/api/chat')
        return Response.json({ error: 'not found' }, { status: 404 })
      const body = JSON.parse(req.body) as { model: string }
      const content = contents[Math.min(n++, contents.length - 1)]
      return Response.json({
        model: body.model,
        created_at: new Date().toISOString(),
        message: { role: 'assistant', content },
        done: true,
        done_reason: 'stop',
        total_duration: 1200000,
        load_duration: 100000,
        prompt_eval_count: 412,
        prompt_eval_duration: 300000,
        eval_count: 48,
        eval_duration: 800000,
      })
    })
    return { ...f, chats: () => f.received.map(asChat) }
  }

export type ChatBody = {
  model: string
  stream: boolean
  format: unknown
  keep_alive: unknown
  options: { temperature: number; num_ctx: number; num_predict?: number }
  messages: { role: string; content: string }[]
}
export const asChat = (r: Received) => JSON.parse(r.body) as ChatBody

export const scorer = (host: string, env: Record<string, string> = {}, lines: string[] = []) =>
  createOllamaScorer(
    loadConfig({ env: { LEAD_SIGNALS_SCORER_OLLAMA_HOST: host, ...env } }).scorer.ollama,
    createLogger((l) => lines.push(l)),
  )

export const input: ScoreInput = {
  content: 'Our agency is looking for a CRM this month, Pipedrive got too expensive for 12 seats.',
  keyword: 'crm for agencies',
  context: 'We sell Acme CRM, a CRM for small agencies',
  icps: [
    {
      name: 'Marketing Agencies',
      description: 'Agencies of 5 to 50 people running client campaigns',
      competitors: ['HubSpot', 'Pipedrive'],
    },
    { name: 'Solo Founders', description: 'One-person SaaS companies' },
  ],
}
export const reply = (o: Record<string, unknown> = {}) =>
  JSON.stringify({
    reason: 'The post says "looking for a CRM this month".',
    intent: 'ACTIVE',
    icpMatch: 'Marketing Agencies',
    score: 9,
    ...o,
  })
export const live = () => new AbortController().signal
