import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOllamaScorer, OllamaError } from '../../src/scorers/ollama'
import { PROMPT_VERSION, SYSTEM_PROMPT } from '../../src/scorers/prompt'
import { SCORE_REPLY_SCHEMA } from '../../src/scorers/reply'
import type { ScoreInput } from '../../src/scorers/types'
import { fakesPerTest, type Received } from '../support/fake-upstream'
import { REFUSED_ORIGIN } from '../support/refused'

// A fake Ollama: POST /api/chat answers a non-streaming chat response whose message content is the next of
// `contents` (the last one repeats), as Ollama shapes it; every request is recorded.
const startFake = fakesPerTest()

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

type ChatBody = {
  model: string
  stream: boolean
  format: unknown
  keep_alive: unknown
  options: { temperature: number; num_ctx: number; num_predict?: number }
  messages: { role: string; content: string }[]
}
const asChat = (r: Received) => JSON.parse(r.body) as ChatBody

const scorer = (host: string, env: Record<string, string> = {}, lines: string[] = []) =>
  createOllamaScorer(
    loadConfig({ env: { LEAD_SIGNALS_SCORER_OLLAMA_HOST: host, ...env } }).scorer.ollama,
    createLogger((l) => lines.push(l)),
  )

const input: ScoreInput = {
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
const reply = (o: Record<string, unknown> = {}) =>
  JSON.stringify({
    reason: 'The post says "looking for a CRM this month".',
    intent: 'ACTIVE',
    icpMatch: 'Marketing Agencies',
    score: 9,
    ...o,
  })
const live = () => new AbortController().signal

describe('ollama scorer against a fake Ollama', () => {
  test('sends one non-streaming /api/chat call with the model, the reply schema as format, temperature 0, num_ctx and keep_alive', async () => {
    const ollama = fakeOllama(reply())
    await scorer(ollama.origin, {
      LEAD_SIGNALS_SCORER_OLLAMA_MODEL: 'llama3.2:3b',
      LEAD_SIGNALS_SCORER_OLLAMA_NUM_CTX: '8192',
      LEAD_SIGNALS_SCORER_OLLAMA_KEEP_ALIVE: '30m',
    }).score(input, live())
    expect(ollama.received).toHaveLength(1)
    expect(ollama.received[0].method).toBe('POST')
    expect(ollama.received[0].url.pathname).toBe('/api/chat')
    const chat = ollama.chats()[0]
    expect(chat.model).toBe('llama3.2:3b')
    expect(chat.stream).toBe(false)
    expect(chat.format).toEqual(SCORE_REPLY_SCHEMA)
    expect(chat.format).toMatchObject({
      type: 'object',
      required: ['reason', 'intent', 'icpMatch', 'score'],
      additionalProperties: false,
    })
    expect(chat.options.temperature).toBe(0)
    expect(chat.options.num_ctx).toBe(8192)
    expect(chat.keep_alive).toBe('30m')
  })

  test('uses num_ctx 4096 and keep_alive "10m" when the configuration does not name them', async () => {
    const ollama = fakeOllama(reply())
    const s = scorer(ollama.origin)
    await s.score(input, live())
    const chat = ollama.chats()[0]
    expect(chat.options.num_ctx).toBe(4096)
    expect(chat.keep_alive).toBe('10m')
    expect(chat.model).toBe('qwen2.5:3b')
    expect(s).toMatchObject({ name: 'ollama', model: 'qwen2.5:3b', version: PROMPT_VERSION })
  })

  test('puts the written system prompt first, then the profiles with their competitors, the context, the keyword and the post', async () => {
    const ollama = fakeOllama(reply())
    await scorer(ollama.origin).score(input, live())
    const [system, user] = ollama.chats()[0].messages
    expect(system).toEqual({ role: 'system', content: SYSTEM_PROMPT })
    expect(user.role).toBe('user')
    for (const part of [
      'Marketing Agencies',
      'Agencies of 5 to 50 people running client campaigns',
      'HubSpot, Pipedrive',
      'Solo Founders',
      'One-person SaaS companies',
      'We sell Acme CRM, a CRM for small agencies',
      'crm for agencies',
      input.content,
    ]) {
      expect(user.content).toContain(part)
    }
  })

  test("returns the model's answer, icpMatch written exactly as the team named the profile", async () => {
    const ollama = fakeOllama(reply({ icpMatch: 'marketing AGENCIES', score: 8.5, intent: 'COMPETITOR' }))
    expect(await scorer(ollama.origin).score(input, live())).toEqual({
      score: 8.5,
      intent: 'COMPETITOR',
      icpMatch: 'Marketing Agencies',
      reason: 'The post says "looking for a CRM this month".',
    })
  })

  test('asks once more after a score outside 0 to 10, then throws', async () => {
    const ollama = fakeOllama(reply({ score: 42 }))
    await expect(scorer(ollama.origin).score(input, live())).rejects.toThrow(
      'another model; its last reply: score: must be a number from 0 to 10, not 42',
    )
    expect(ollama.received).toHaveLength(2)
  })

  test('answers null for an icpMatch that names no profile of the team', async () => {
    const ollama = fakeOllama(reply({ icpMatch: 'Enterprise Banks' }))
    expect((await scorer(ollama.origin).score(input, live())).icpMatch).toBeNull()
  })

  test('asks once more after an unknown intent, showing the model its reply, then throws', async () => {
    const lines: string[] = []
    const ollama = fakeOllama(reply({ intent: 'BUYING' }))
    await expect(scorer(ollama.origin, {}, lines).score(input, live())).rejects.toThrow(
      /^no usable reply after one retry: the model does not answer in the reply's JSON schema.*; its last reply: intent: /,
    )
    expect(ollama.received).toHaveLength(2)
    const second = ollama.chats()[1]
    expect(second.messages).toHaveLength(4)
    expect(second.messages[2]).toEqual({ role: 'assistant', content: reply({ intent: 'BUYING' }) })
    expect(second.messages[3].content).toContain('could not be used')
    expect(lines.map((l) => JSON.parse(l).event)).toContain('scorer_reply_retry')
  })

  test('a retry that gets a valid reply returns it', async () => {
    const ollama = fakeOllama('I think this is ACTIVE with a 9.', reply({ score: 7 }))
    expect((await scorer(ollama.origin).score(input, live())).score).toBe(7)
    expect(ollama.received).toHaveLength(2)
  })

  test('reads the one code-fenced JSON object of a reply that says a sentence around it, without asking again', async () => {
    // A model the server does not hold to the schema (docs/scoring.md#thinking-models) writes its answer so.
    const ollama = fakeOllama(`Here is my assessment:\n\n\`\`\`json\n${reply({ score: 7 })}\n\`\`\`\n\nIt is a lead.`)
    expect((await scorer(ollama.origin).score(input, live())).score).toBe(7)
    expect(ollama.received).toHaveLength(1)
    // Two fenced blocks are not chosen between.
    const two = fakeOllama(`\`\`\`json\n${reply({ score: 7 })}\n\`\`\`\nor\n\`\`\`json\n${reply({ score: 3 })}\n\`\`\``)
    await expect(scorer(two.origin).score(input, live())).rejects.toThrow('the reply is not JSON')
  })

  test('asks once more after a reply that is not JSON, then throws', async () => {
    const ollama = fakeOllama('{"reason": "cut off')
    await expect(scorer(ollama.origin).score(input, live())).rejects.toThrow('the reply is not JSON')
    expect(ollama.received).toHaveLength(2)
  })

  test('throws on an empty reply', async () => {
    const ollama = fakeOllama('')
    await expect(scorer(ollama.origin).score(input, live())).rejects.toThrow('the reply is empty')
    expect(ollama.received).toHaveLength(2)
  })

  test("throws with Ollama's own message on an HTTP error, without asking again", async () => {
    const ollama = startFake(() => Response.json({ error: 'the model failed to generate a response' }, { status: 500 }))
    const call = scorer(ollama.origin).score(input, live())
    await expect(call).rejects.toBeInstanceOf(OllamaError)
    // Ollama's troubleshooting guide: its log says what happened, and where the log is depends on how it runs.
    await expect(call).rejects.toThrow(
      "answered HTTP 500: the model failed to generate a response; the Ollama server's log says why (journalctl -u ollama where systemd runs it, docker logs for a container, ~/.ollama/logs/server.log on a Mac)",
    )
    expect(ollama.received).toHaveLength(1)
  })

  test('a model not pulled is named with the command that pulls it, as the start-up check names it', async () => {
    // Ollama's /api/chat answers 404 with this message for a model it does not have (its API documentation, "Errors").
    const ollama = startFake(() =>
      Response.json({ error: 'model "llama3.2:3b" not found, try pulling it first' }, { status: 404 }),
    )
    const call = scorer(ollama.origin, { LEAD_SIGNALS_SCORER_OLLAMA_MODEL: 'llama3.2:3b' }).score(input, live())
    await expect(call).rejects.toThrow(
      `the Ollama model server at ${ollama.origin} has no model "llama3.2:3b": run "ollama pull llama3.2:3b" there, or set scorer.ollama.model to a model "ollama list" shows (HTTP 404: model "llama3.2:3b" not found, try pulling it first)`,
    )
    // Another 404 (a path that is not Ollama's, a proxy in front of it) is passed on as it was said.
    const other = startFake(() => new Response('404 page not found', { status: 404 }))
    await expect(scorer(other.origin).score(input, live())).rejects.toThrow('answered HTTP 404: 404 page not found')
  })

  test("throws promptly when the call's signal aborts while Ollama is still thinking", async () => {
    // Aborted once the request is with Ollama, not after a fixed 100 ms: on a loaded host the 100 ms came first.
    const call = new AbortController()
    let abortedAt = 0
    const ollama = startFake(() => {
      abortedAt = performance.now()
      call.abort()
      return new Promise<Response>(() => {})
    })
    await expect(scorer(ollama.origin).score(input, call.signal)).rejects.toThrow()
    expect(performance.now() - abortedAt).toBeLessThan(1000)
    expect(ollama.received).toHaveLength(1)
  })

  test('an answer over 1 MiB is refused, not read to its end, and one streamed though stream is false is named', async () => {
    // A valid chat answer padded past the limit (a server gone wrong), sent in chunks with no content-length.
    const padded = `${JSON.stringify({ model: 'qwen2.5:3b', message: { role: 'assistant', content: reply() }, done: true })}${' '.repeat(2 << 20)}`
    const huge = startFake(
      () => new Response(new Blob([padded]).stream(), { headers: { 'content-type': 'application/json' } }),
    )
    const big = scorer(huge.origin).score(input, live())
    await expect(big).rejects.toBeInstanceOf(OllamaError)
    await expect(big).rejects.toThrow(`the Ollama model server at ${huge.origin} answered more than 1048576 bytes`)

    // Ollama's stream (its API documentation, "Streaming responses"): one JSON object a line, the last done: true.
    const lines = [
      { model: 'qwen2.5:3b', message: { role: 'assistant', content: '{"reason":' }, done: false },
      { model: 'qwen2.5:3b', message: { role: 'assistant', content: '' }, done: true },
    ]
    const streamed = startFake(
      () =>
        new Response(lines.map((l) => JSON.stringify(l)).join('\n'), {
          headers: { 'content-type': 'application/x-ndjson' },
        }),
    )
    await expect(scorer(streamed.origin).score(input, live())).rejects.toThrow(
      `the Ollama model server at ${streamed.origin} answered a stream of JSON lines, though none was asked for`,
    )
    const text = startFake(() => new Response('Bad Gateway', { headers: { 'content-type': 'text/plain' } }))
    await expect(scorer(text.origin).score(input, live())).rejects.toThrow(
      `the Ollama model server at ${text.origin} answered text that is not JSON`,
    )
  })

  test('a stream ending in an error line (Ollama\'s API documentation, "Errors") is named by its error', async () => {
    // An error that arises once a stream has started comes as a line of its own under the 200 already sent.
    const lines = [
      { model: 'qwen2.5:3b', message: { role: 'assistant', content: '{"reason":' }, done: false },
      { error: 'an error was encountered while running the model' },
    ]
    const streamed = startFake(
      () =>
        new Response(lines.map((l) => JSON.stringify(l)).join('\n'), {
          headers: { 'content-type': 'application/x-ndjson' },
        }),
    )
    await expect(scorer(streamed.origin).score(input, live())).rejects.toThrow(
      `the Ollama model server at ${streamed.origin} answered with an error: an error was encountered while running the model`,
    )
  })

  test('an answer that is JSON but no chat answer is named as such, once, not read as an empty or broken reply', async () => {
    // A server gone wrong or another service behind the address: the content a number, no message at all, or an
    // error object with status 200. The first surfaced as a TypeError of the bundled code ('….trim is not a
    // function'), the others as 'the reply is empty' after asking again.
    for (const body of [
      { model: 'qwen2.5:3b', message: { role: 'assistant', content: 42 }, done: true },
      { model: 'qwen2.5:3b', done: true },
      { message: 'ok' },
    ]) {
      const odd = startFake(() => Response.json(body))
      const call = scorer(odd.origin).score(input, live())
      await expect(call).rejects.toBeInstanceOf(OllamaError)
      await expect(call).rejects.toThrow(
        `the Ollama model server at ${odd.origin} answered something that is not a chat answer`,
      )
      expect(odd.received).toHaveLength(1)
    }
    const said = startFake(() => Response.json({ error: 'llm server loading model' }))
    await expect(scorer(said.origin).score(input, live())).rejects.toThrow(
      `the Ollama model server at ${said.origin} answered with an error: llm server loading model`,
    )
  })

  test('throws when nothing listens at the host', async () => {
    const origin = REFUSED_ORIGIN
    const call = scorer(origin).score(input, live())
    await expect(call).rejects.toBeInstanceOf(OllamaError)
    await expect(call).rejects.toThrow(`no model server at ${origin} (connection refused)`)
  })

  test('cuts a post too long for the context window, keeping the instructions whole', async () => {
    const ollama = fakeOllama(reply())
    const long = 'We need a CRM. '.repeat(1300)
    await scorer(ollama.origin).score({ ...input, content: long }, live())
    const [system, user] = ollama.chats()[0].messages
    expect(system.content).toBe(SYSTEM_PROMPT)
    expect(user.content).toContain('[... the post goes on for')
    // At a cautious 3 characters a token, prompt and reply fit 4096 tokens.
    expect((system.content.length + user.content.length) / 3 + 512).toBeLessThan(4096)
  })
})
