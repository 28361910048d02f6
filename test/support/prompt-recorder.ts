import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOllamaScorer } from '../../src/scorers/ollama'
import { createOpenAiScorer } from '../../src/scorers/openai'
import type { ScoreInput, ScoreResult } from '../../src/scorers/types'
import { fakesPerTest } from './fake-upstream'

type Message = { role: string; content: string }

/**
 * Model servers that record the prompt they receive, for tests of what a post can write into it: an OpenAI-compatible
 * server (`POST /v1/chat/completions`, answered as a chat.completion, OpenAI's API reference) and Ollama (`POST
 * /api/chat` with `stream: false`, answered as one chat response, its API documentation), both cited in
 * docs/scoring.md#backends. Each answers the next of `replies` as the model's content (the last repeats).
 */
export function promptRecorders() {
  const start = fakesPerTest()
  const recorder = (kind: 'openai' | 'ollama', replies: string[]) => {
    let n = 0
    const chats: Message[][] = []
    const f = start((req) => {
      const path = kind === 'openai' ? '/v1/chat/completions' : '/api/chat'
      if (req.method !== 'POST' || req.url.pathname !== path)
        return Response.json({ error: 'not found' }, { status: 404 })
      const body = JSON.parse(req.body) as { model: string; messages: Message[] }
      chats.push(body.messages)
      const content = replies[Math.min(n++, replies.length - 1)]
      if (kind === 'ollama') {
        const message = { role: 'assistant', content }
        return Response.json({
          model: body.model,
          created_at: new Date().toISOString(),
          message,
          done: true,
          done_reason: 'stop',
        })
      }
      const choice = { index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' }
      return Response.json({
        id: `chatcmpl-${n}`,
        object: 'chat.completion',
        created: 1772366400,
        model: body.model,
        choices: [choice],
      })
    })
    const config = loadConfig({
      env:
        kind === 'openai'
          ? { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${f.origin}/v1` }
          : { LEAD_SIGNALS_SCORER_OLLAMA_HOST: f.origin },
    }).scorer
    const scorer =
      kind === 'openai'
        ? createOpenAiScorer(
            config.openai,
            createLogger(() => {}),
          )
        : createOllamaScorer(
            config.ollama,
            createLogger(() => {}),
          )
    return {
      /** Scores `input` through the backend; the server records what it was sent. */
      score: (input: ScoreInput): Promise<ScoreResult> => scorer.score(input, AbortSignal.timeout(10_000)),
      /** The user message of each request, in order (the post's prompt, then a retry's). */
      userMessages: () => chats.map((c) => c.filter((m) => m.role === 'user').map((m) => m.content)),
    }
  }
  return recorder
}

/** A model's answer as both servers carry it. */
export const answer = (o: Record<string, unknown> = {}) =>
  JSON.stringify({ reason: 'The writer asks for "a CRM".', intent: 'QUESTION', icpMatch: null, score: 5, ...o })
