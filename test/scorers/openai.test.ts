import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOpenAiScorer, OpenAiError } from '../../src/scorers/openai'
import { PROMPT_VERSION, SYSTEM_PROMPT } from '../../src/scorers/prompt'
import { SCORE_REPLY_SCHEMA } from '../../src/scorers/reply'
import type { ScoreInput } from '../../src/scorers/types'
import { fakesPerTest, type Received } from '../support/fake-upstream'
import { REFUSED_ORIGIN } from '../support/refused'

// A fake OpenAI-compatible server: POST /v1/chat/completions answers a chat.completion whose message content is
// the next of `contents` (the last one repeats); every request is recorded.
const startFake = fakesPerTest()

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

type CompletionRequest = {
  model: string
  temperature: number
  response_format: { type: string; json_schema: { name: string; strict: boolean; schema: unknown } }
  messages: { role: string; content: string }[]
}
const asBody = (r: Received) => JSON.parse(r.body) as CompletionRequest

const KEY = 'sk-test-0123456789abcdef'
const scorer = (origin: string, env: Record<string, string> = {}, lines: string[] = []) =>
  createOpenAiScorer(
    loadConfig({ env: { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`, ...env } }).scorer.openai,
    createLogger((l) => lines.push(l)),
  )

const input: ScoreInput = {
  content: 'Switching away from HubSpot, anyone recommend a cheaper CRM for a 10 person agency?',
  keyword: 'hubspot alternative',
  context: 'We sell Acme CRM for agencies',
  icps: [
    { name: 'Marketing Agencies', description: 'Agencies of 5 to 50 people', competitors: ['HubSpot', 'Pipedrive'] },
    { name: 'Recruiters', description: 'Staffing firms placing engineers', competitors: ['Bullhorn'] },
  ],
}
const reply = (o: Record<string, unknown> = {}) =>
  JSON.stringify({
    reason: 'The writer is "switching away from HubSpot".',
    intent: 'COMPETITOR',
    icpMatch: 'Marketing Agencies',
    score: 8,
    ...o,
  })
const live = () => new AbortController().signal

describe('openai scorer against a fake OpenAI-compatible server', () => {
  test('posts to {base_url}/chat/completions with the model, temperature 0 and the reply schema as a strict response_format', async () => {
    const server = fakeOpenAi(reply())
    await scorer(server.origin, { LEAD_SIGNALS_SCORER_OPENAI_MODEL: 'gpt-4.1-mini' }).score(input, live())
    expect(server.received).toHaveLength(1)
    expect(server.received[0].method).toBe('POST')
    expect(server.received[0].url.pathname).toBe('/v1/chat/completions')
    expect(server.received[0].headers.get('content-type')).toBe('application/json')
    const body = server.bodies()[0]
    expect(body.model).toBe('gpt-4.1-mini')
    expect(body.temperature).toBe(0)
    expect(body.response_format.type).toBe('json_schema')
    expect(body.response_format.json_schema.strict).toBe(true)
    expect(body.response_format.json_schema.name).toMatch(/^[\w-]{1,64}$/)
    expect(body.response_format.json_schema.schema).toEqual(SCORE_REPLY_SCHEMA)
    expect(body.response_format.json_schema.schema).toMatchObject({
      required: ['reason', 'intent', 'icpMatch', 'score'],
      additionalProperties: false,
    })
  })

  test('sends Authorization: Bearer with the api_key, and no Authorization header without one', async () => {
    const withKey = fakeOpenAi(reply())
    await scorer(withKey.origin, { LEAD_SIGNALS_SCORER_OPENAI_API_KEY: KEY }).score(input, live())
    expect(withKey.received[0].headers.get('authorization')).toBe(`Bearer ${KEY}`)
    const keyless = fakeOpenAi(reply())
    await scorer(keyless.origin).score(input, live())
    expect(keyless.received[0].headers.has('authorization')).toBe(false)
    // A key pasted with a space before it, or read from a file with its line end: the server compares the header
    // whole (vLLM's --api-key), so it is sent without them; a key of spaces alone is no key.
    const padded = fakeOpenAi(reply())
    await scorer(padded.origin, { LEAD_SIGNALS_SCORER_OPENAI_API_KEY: ` ${KEY}\n` }).score(input, live())
    expect(padded.received[0].headers.get('authorization')).toBe(`Bearer ${KEY}`)
    const blank = fakeOpenAi(reply())
    await scorer(blank.origin, { LEAD_SIGNALS_SCORER_OPENAI_API_KEY: '  ' }).score(input, live())
    expect(blank.received[0].headers.has('authorization')).toBe(false)
  })

  test('accepts a base_url with a trailing slash', async () => {
    const server = fakeOpenAi(reply())
    await scorer(server.origin, { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${server.origin}/v1/` }).score(input, live())
    expect(server.received[0].url.pathname).toBe('/v1/chat/completions')
  })

  test('sends the written system prompt, then the profiles with their competitors, the context, the keyword and the post', async () => {
    const server = fakeOpenAi(reply())
    await scorer(server.origin).score(input, live())
    const [system, user] = server.bodies()[0].messages
    expect(system).toEqual({ role: 'system', content: SYSTEM_PROMPT })
    for (const part of [
      'Marketing Agencies',
      'Agencies of 5 to 50 people',
      'HubSpot, Pipedrive',
      'Recruiters',
      'Staffing firms placing engineers',
      'Bullhorn',
      'We sell Acme CRM for agencies',
      'hubspot alternative',
      input.content,
    ]) {
      expect(user.content).toContain(part)
    }
  })

  test("returns the model's answer and names itself with its model and prompt version", async () => {
    const s = scorer(fakeOpenAi(reply({ icpMatch: 'marketing agencies' })).origin)
    expect(await s.score(input, live())).toEqual({
      score: 8,
      intent: 'COMPETITOR',
      icpMatch: 'Marketing Agencies',
      reason: 'The writer is "switching away from HubSpot".',
    })
    expect(s).toMatchObject({ name: 'openai', model: 'gpt-4o-mini', version: PROMPT_VERSION })
  })

  test('asks once more after a score outside 0 to 10, then throws', async () => {
    const server = fakeOpenAi(reply({ score: 85 }))
    await expect(scorer(server.origin).score(input, live())).rejects.toThrow(
      'another model; its last reply: score: must be a number from 0 to 10, not 85',
    )
    expect(server.received).toHaveLength(2)
  })

  test('answers null for an icpMatch that names no profile of the team', async () => {
    expect((await scorer(fakeOpenAi(reply({ icpMatch: 'Hospitals' })).origin).score(input, live())).icpMatch).toBeNull()
  })

  test('asks once more after an unknown intent, then throws', async () => {
    const server = fakeOpenAi(reply({ intent: 'LEAD' }))
    await expect(scorer(server.origin).score(input, live())).rejects.toThrow(
      /^no usable reply after one retry: the model does not answer in the reply's JSON schema.*; its last reply: intent: /,
    )
    expect(server.received).toHaveLength(2)
    expect(
      server
        .bodies()[1]
        .messages.slice(2)
        .map((m) => m.role),
    ).toEqual(['assistant', 'user'])
  })

  test('asks once more after a reply that is not JSON, then throws', async () => {
    const server = fakeOpenAi('The intent is ACTIVE and the score is 9.')
    await expect(scorer(server.origin).score(input, live())).rejects.toThrow('the reply is not JSON')
    expect(server.received).toHaveLength(2)
  })

  test('throws on empty content, also when the content is null', async () => {
    await expect(scorer(fakeOpenAi('').origin).score(input, live())).rejects.toThrow('the reply is empty')
    await expect(scorer(fakeOpenAi(null).origin).score(input, live())).rejects.toThrow('the reply is empty')
  })

  test('throws at once on a refusal', async () => {
    const server = startFake(() =>
      Response.json({
        id: 'chatcmpl-r',
        object: 'chat.completion',
        created: 1772366400,
        model: 'gpt-4o-mini',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: null, refusal: 'I cannot help with that.' },
            finish_reason: 'stop',
          },
        ],
      }),
    )
    // OpenAI's Structured Outputs guide ("Refusals"): a model may refuse user input for safety reasons, with the
    // refusal field set instead of content. The line names the model and its server, and what to do if it persists.
    await expect(scorer(server.origin).score(input, live())).rejects.toThrow(
      `model "gpt-4o-mini" at ${server.origin} refused to judge the post ("I cannot help with that."): a model refuses some posts' words for safety reasons; one that refuses ordinary posts, such as the sample of lead-signals scorer check, will not do: set scorer.openai.model to another model`,
    )
    expect(server.received).toHaveLength(1)
  })

  test('an HTTP error throws without the api key in the message, and is not retried', async () => {
    const denied = startFake(() =>
      Response.json(
        { error: { message: `Incorrect API key provided: ${KEY}.`, code: 'invalid_api_key' } },
        { status: 401 },
      ),
    )
    const call = scorer(denied.origin, { LEAD_SIGNALS_SCORER_OPENAI_API_KEY: KEY }).score(input, live())
    await expect(call).rejects.toBeInstanceOf(OpenAiError)
    const message = await call.catch((e: Error) => e.message)
    expect(message).toContain('answered HTTP 401')
    expect(message).not.toContain(KEY)
    expect(denied.received).toHaveLength(1)

    const broken = startFake(() =>
      Response.json({ error: { message: `upstream failed for key ${KEY}` } }, { status: 500 }),
    )
    const message500 = await scorer(broken.origin, { LEAD_SIGNALS_SCORER_OPENAI_API_KEY: KEY })
      .score(input, live())
      .catch((e: Error) => e.message)
    expect(message500).toContain('answered HTTP 500: upstream failed for key')
    expect(message500).not.toContain(KEY)
    expect(message500).not.toContain('0123456789abcdef')
  })

  test('a response that is not a chat completion throws', async () => {
    const server = startFake(() => Response.json({ result: 'ok' }))
    await expect(scorer(server.origin).score(input, live())).rejects.toThrow('not a chat completion')
  })

  test("an error sent with status 200 is named with the server's message, masked, and not asked again", async () => {
    // OpenRouter's API documentation ("Errors"): an error that arises once the model is at work comes with status
    // 200, as {"error": {"code", "message"}}; vLLM behind some gateways sends its own error object so.
    for (const [body, said] of [
      [{ error: { code: 429, message: `Rate limit reached for ${KEY}` } }, 'Rate limit reached for ***'],
      [
        { object: 'error', message: 'The model `qwen3` does not exist.', type: 'NotFoundError', code: 404 },
        'The model `qwen3` does not exist.',
      ],
    ] as const) {
      const server = startFake(() => Response.json(body))
      const call = scorer(server.origin, { LEAD_SIGNALS_SCORER_OPENAI_API_KEY: KEY }).score(input, live())
      await expect(call).rejects.toThrow(
        `the OpenAI-compatible server at ${server.origin} answered with an error: ${said}`,
      )
      expect(server.received).toHaveLength(1)
    }
  })

  test('a reply cut off at the token limit fails at once, saying so, not as a reply to ask for again', async () => {
    // OpenAI's chat completion: finish_reason "length" when the token limit of the request or the model's context was
    // reached. With no max_tokens sent, that is a context the prompt nearly filled (the llama.cpp server's -c).
    const full = startFake(() =>
      Response.json({
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: '{"reason": "The writer is switching' },
            finish_reason: 'length',
          },
        ],
      }),
    )
    const call = scorer(full.origin).score(input, live())
    await expect(call).rejects.toBeInstanceOf(OpenAiError)
    await expect(call).rejects.toThrow(
      `the OpenAI-compatible server at ${full.origin} cut the reply off at the token limit (finish_reason "length"): give the model a larger context on the server`,
    )
    expect(full.received).toHaveLength(1)
  })

  test('a whole reply that reached the token limit as it ended is read, not refused as cut off', async () => {
    const ended = startFake(() =>
      Response.json({
        choices: [{ index: 0, message: { role: 'assistant', content: reply({ score: 7 }) }, finish_reason: 'length' }],
      }),
    )
    expect((await scorer(ended.origin).score(input, live())).score).toBe(7)
    expect(ended.received).toHaveLength(1)
  })

  test('an answer over 1 MiB is refused, not read to its end; a stream sent though none was asked is named', async () => {
    const completion = {
      choices: [{ index: 0, message: { role: 'assistant', content: reply() }, finish_reason: 'stop' }],
    }
    const padded = `${JSON.stringify(completion)}${' '.repeat(2 << 20)}`
    const huge = startFake(
      () => new Response(new Blob([padded]).stream(), { headers: { 'content-type': 'application/json' } }),
    )
    const big = scorer(huge.origin).score(input, live())
    await expect(big).rejects.toBeInstanceOf(OpenAiError)
    await expect(big).rejects.toThrow(`the OpenAI-compatible server at ${huge.origin} answered more than 1048576 bytes`)

    // Server-sent events, as a chat completion streams (data: lines, then data: [DONE]).
    const events = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: '{' } }] })}\n\ndata: [DONE]\n\n`
    const streamed = startFake(() => new Response(events, { headers: { 'content-type': 'text/event-stream' } }))
    await expect(scorer(streamed.origin).score(input, live())).rejects.toThrow(
      `the OpenAI-compatible server at ${streamed.origin} answered a stream of server-sent events, though none was asked for`,
    )
  })

  test("throws promptly when the call's signal aborts while the server is still working", async () => {
    // Aborted once the request is with the server, not after a fixed 100 ms: on a loaded host the 100 ms came first.
    const call = new AbortController()
    let abortedAt = 0
    const server = startFake(() => {
      abortedAt = performance.now()
      call.abort()
      return new Promise<Response>(() => {})
    })
    await expect(scorer(server.origin).score(input, call.signal)).rejects.toThrow()
    expect(performance.now() - abortedAt).toBeLessThan(1000)
    expect(server.received).toHaveLength(1)
  })

  test('throws when nothing listens at base_url', async () => {
    const origin = REFUSED_ORIGIN
    const call = scorer(origin, { LEAD_SIGNALS_SCORER_OPENAI_API_KEY: KEY }).score(input, live())
    await expect(call).rejects.toBeInstanceOf(OpenAiError)
    const message = await call.catch((e: Error) => e.message)
    expect(message).toBe(`no model server at ${origin} (connection refused)`)
    expect(message).not.toContain(KEY)
  })
})
