// A fake OpenAI-compatible server: POST /v1/chat/completions answers a chat.completion whose message content is
// the next of `contents` (the last one repeats); every request is recorded. Each test file starts its fakes with its
// own fakesPerTest(), so that its afterEach stops them.
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOpenAiScorer } from '../../src/scorers/openai'
import type { ScoreInput } from '../../src/scorers/types'
import type { fakesPerTest, Received } from '../support/fake-upstream'

export const fakeOpenAiOn = (startFake: ReturnType<typeof fakesPerTest>) =>
  function fakeOpenAi(...contents: (string | null)[]) {
    let n = 0
    const f = startFake((req) => {
      if (req.method !== 'POST' || req.url.pathname !== '/v1/chat/completions') {
        return Response.json({ error: { message: 'Not found', type: 'invalid_request_error' } }, { status: 404 })
      }
      const body = JSON.parse(req.body) as { model: string }
      const content = contents[Math.min(n++, contents.length - 1)]
      return Response.json({
        id: `chatcmpl-${n}`,
        object: 'chat.completion',
        created: 1772366400,
        model: body.model,
        choices: [
          { index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' },
        ],
        usage: { prompt_tokens: 410, completion_tokens: 40, total_tokens: 450 },
        system_fingerprint: 'fp_test',
      })
    })
    return { ...f, bodies: () => f.received.map(asBody) }
  }

export type CompletionRequest = {
  model: string
  temperature: number
  response_format: { type: string; json_schema: { name: string; strict: boolean; schema: unknown } }
  messages: { role: string; content: string }[]
}
export const asBody = (r: Received) => JSON.parse(r.body) as CompletionRequest

export const KEY = 'sk-test-0123456789abcdef'
export const scorer = (origin: string, env: Record<string, string> = {}, lines: string[] = []) =>
  createOpenAiScorer(
    loadConfig({ env: { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`, ...env } }).scorer.openai,
    createLogger((l) => lines.push(l)),
  )

export const input: ScoreInput = {
  content: 'Switching away from HubSpot, anyone recommend a cheaper CRM for a 10 person agency?',
  keyword: 'hubspot alternative',
  context: 'We sell Acme CRM for agencies',
  icps: [
    { name: 'Marketing Agencies', description: 'Agencies of 5 to 50 people', competitors: ['HubSpot', 'Pipedrive'] },
    { name: 'Recruiters', description: 'Staffing firms placing engineers', competitors: ['Bullhorn'] },
  ],
}
export const reply = (o: Record<string, unknown> = {}) =>
  JSON.stringify({
    reason: 'The writer is "switching away from HubSpot".',
    intent: 'COMPETITOR',
    icpMatch: 'Marketing Agencies',
    score: 8,
    ...o,
  })
export const live = () => new AbortController().signal
