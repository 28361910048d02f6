import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOpenAiScorer, OpenAiError } from '../../src/scorers/openai'
import type { ScoreInput } from '../../src/scorers/types'
import { fakesPerTest, type Received } from '../support/fake-upstream'

// docs/scoring.md#thinking-models: reasoning models behind OpenAI-compatible servers, against fakes that answer as
// the servers' documentation says. vLLM (0.11 and later) with a reasoning parser returns the thinking in
// `message.reasoning` and thinks with Qwen3 unless `chat_template_kwargs.enable_thinking` is false; the llama.cpp
// server with `--reasoning-format none` leaves `<think>…</think>` in `content`; OpenAI's own API refuses a request
// argument it does not know with 400.
const startFake = fakesPerTest()

const ANSWER = JSON.stringify({
  reason: 'It says "need a CRM this month".',
  intent: 'ACTIVE',
  icpMatch: null,
  score: 9,
})
const input: ScoreInput = {
  content: 'Our team of 12 needs a CRM this month, budget approved.',
  keyword: 'crm',
  icps: [],
}
const live = () => new AbortController().signal
const THOUGHT = 'Okay, the user wants me to judge whether this post is a lead. '

type Body = { model: string; chat_template_kwargs?: { enable_thinking?: boolean } }
type Message = { role: 'assistant'; content: string | null; reasoning?: string; reasoning_content?: string }

function server(answer: (body: Body) => { message: Message; finish_reason?: string } | Response) {
  const f = startFake((req: Received) => {
    const body = JSON.parse(req.body) as Body
    const a = answer(body)
    if (a instanceof Response) return a
    return Response.json({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model: body.model,
      choices: [{ index: 0, message: a.message, finish_reason: a.finish_reason ?? 'stop' }],
    })
  })
  return { ...f, bodies: () => f.received.map((r) => JSON.parse(r.body) as Body) }
}

function scorerAt(origin: string, lines: string[] = []) {
  const env = { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`, LEAD_SIGNALS_SCORER_OPENAI_MODEL: 'qwen3-8b' }
  return createOpenAiScorer(
    loadConfig({ env }).scorer.openai,
    createLogger((l) => lines.push(l)),
  )
}

describe('openai scorer and reasoning models', () => {
  test('asks a Qwen3 on vLLM not to think through chat_template_kwargs', async () => {
    const vllm = server((body) =>
      body.chat_template_kwargs?.enable_thinking === false
        ? { message: { role: 'assistant', content: ANSWER } }
        : { message: { role: 'assistant', content: ANSWER, reasoning: THOUGHT.repeat(50) } },
    )
    expect((await scorerAt(vllm.origin).score(input, live())).score).toBe(9)
    expect(vllm.bodies()[0].chat_template_kwargs).toEqual({ enable_thinking: false })
  })

  test('a server that refuses chat_template_kwargs (OpenAI) is asked again without it, and from then on', async () => {
    const lines: string[] = []
    const openai = server((body) =>
      body.chat_template_kwargs
        ? Response.json(
            {
              error: {
                message: 'Unrecognized request argument supplied: chat_template_kwargs',
                type: 'invalid_request_error',
              },
            },
            { status: 400 },
          )
        : { message: { role: 'assistant', content: ANSWER } },
    )
    const scorer = scorerAt(openai.origin, lines)
    expect((await scorer.score(input, live())).score).toBe(9)
    expect((await scorer.score(input, live())).score).toBe(9)
    expect(openai.bodies().map((b) => 'chat_template_kwargs' in b)).toEqual([true, false, false])
    expect(lines.filter((l) => JSON.parse(l).event === 'scorer_think_refused')).toHaveLength(1)
  })

  test('a 400 for another reason is still a failure with the server message', async () => {
    const bad = server(() => Response.json({ error: { message: 'json_schema is not supported' } }, { status: 400 }))
    await expect(scorerAt(bad.origin).score(input, live())).rejects.toThrow(
      'answered HTTP 400: json_schema is not supported',
    )
  })

  test('<think>…</think> left in the content (llama.cpp --reasoning-format none) is removed before reading', async () => {
    const llama = server(() => ({
      message: { role: 'assistant', content: `<think>\n${THOUGHT}\n</think>\n\n${ANSWER}` },
    }))
    expect((await scorerAt(llama.origin).score(input, live())).score).toBe(9)
    expect(llama.received).toHaveLength(1)
  })

  test('a model that only reasons and reaches the token limit fails at once, saying so', async () => {
    const endless = server(() => ({
      message: { role: 'assistant', content: null, reasoning_content: THOUGHT.repeat(200) },
      finish_reason: 'length',
    }))
    const call = scorerAt(endless.origin).score(input, live())
    await expect(call).rejects.toBeInstanceOf(OpenAiError)
    await expect(call).rejects.toThrow(
      'model "qwen3-8b" only thought and gave no answer: it reached the token limit while thinking',
    )
    expect(endless.received).toHaveLength(1)
  })
})
