import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOpenAiScorer } from '../../src/scorers/openai'
import { fakesPerTest, longText, type Received } from '../support/fake-upstream'

// docs/scoring.md#the-prompt: unless scorer.openai.context_tokens is set, a post refused with HTTP 400 by a server
// that states its context is sent once more, cut to fit that context, and later posts are cut to fit it at once. The
// fake is the llama.cpp server started with -c N: its GET /v1/models gives the model's training context (meta
// n_ctx_train), not N; a prompt over N tokens is refused with HTTP 400 exceed_context_size_error, whose message and
// n_ctx state N (its README, "POST /v1/chat/completions" and its errors). A token is counted as 4 characters.
const startFake = fakesPerTest()
const ANSWER = JSON.stringify({ reason: 'It says "a crm we might buy".', intent: 'ACTIVE', icpMatch: null, score: 8 })
const CUT = /\[\.\.\. the post goes on for \d+ more characters\]/
// A refusal stating the very context the post was cut for: the post came to more tokens than its characters suggest.
const DENSER =
  /context of 4096 tokens, though it was cut to fit 4096 tokens at 3 characters a token \(HTTP 400: .*\): the post has more tokens/

function llamaServer(nCtx: number, refusal?: (tokens: number) => Response, props = false) {
  return startFake((req: Received) => {
    // GET /props: the server's settings, the context each request may fill among them (default_generation_settings).
    if (req.method === 'GET' && req.url.pathname === '/props') {
      if (!props) return new Response('File Not Found', { status: 404 })
      return Response.json({ default_generation_settings: { n_ctx: nCtx }, total_slots: 1, model_alias: 'qwen' })
    }
    if (req.method === 'GET') {
      const meta = { vocab_type: 2, n_vocab: 151936, n_ctx_train: 32768, n_embd: 1024, n_params: 596049920 }
      return Response.json({ object: 'list', data: [{ id: 'qwen', object: 'model', owned_by: 'llamacpp', meta }] })
    }
    const { messages } = JSON.parse(req.body) as { messages: { content: string }[] }
    const tokens = Math.ceil(messages.reduce((n, m) => n + m.content.length, 0) / 4)
    if (tokens > nCtx) {
      if (refusal) return refusal(tokens)
      const message = `request (${tokens} tokens) exceeds the available context size (${nCtx} tokens), try increasing it`
      const error = { code: 400, message, type: 'exceed_context_size_error', n_prompt_tokens: tokens, n_ctx: nCtx }
      return Response.json({ error }, { status: 400 })
    }
    const choice = { index: 0, message: { role: 'assistant', content: ANSWER }, finish_reason: 'stop' }
    return Response.json({ object: 'chat.completion', choices: [choice] })
  })
}

function scorerAt(origin: string, env: Record<string, string> = {}, lines: string[] = []) {
  const config = loadConfig({
    env: { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`, LEAD_SIGNALS_SCORER_OPENAI_MODEL: 'qwen', ...env },
  })
  const scorer = createOpenAiScorer(
    config.scorer.openai,
    createLogger((l) => lines.push(l)),
  )
  return {
    probe: () => scorer.probe?.(AbortSignal.timeout(5000)),
    score: (chars: number) =>
      scorer.score({ content: longText(chars), keyword: 'crm', icps: [] }, AbortSignal.timeout(5000)),
  }
}

const chats = (server: { received: Received[] }) => server.received.filter((r) => r.method === 'POST')
const userMessage = (r: Received) => (JSON.parse(r.body) as { messages: { content: string }[] }).messages[1].content

describe('a post refused as over the context the server states', () => {
  test('the llama.cpp server with -c 2048: the post is sent once more cut to fit, and the next cut at once', async () => {
    const server = llamaServer(2048)
    const lines: string[] = []
    const scorer = scorerAt(server.origin, {}, lines)
    expect(await scorer.probe()).toBeUndefined()
    expect((await scorer.score(20_000)).score).toBe(8)
    expect(chats(server)).toHaveLength(2)
    expect(userMessage(chats(server)[1]).length).toBeLessThan(userMessage(chats(server)[0]).length)
    expect(userMessage(chats(server)[1])).toMatch(CUT)
    expect((await scorer.score(20_000)).score).toBe(8)
    expect(chats(server)).toHaveLength(3)
    const learned = lines.map((l) => JSON.parse(l)).filter((l) => l.event === 'scorer_context_learned')
    expect(learned).toEqual([expect.objectContaining({ model: 'qwen', tokens: 2048, from: 'HTTP 400' })])
  })

  test('OpenAI’s and vLLM’s words ("maximum context length is 2048 tokens") are read too', async () => {
    const server = llamaServer(2048, (tokens) => {
      const message = `This model's maximum context length is 2048 tokens. However, your messages resulted in ${tokens} tokens. Please reduce the length of the messages.`
      const error = { message, type: 'invalid_request_error', param: 'messages', code: 'context_length_exceeded' }
      return Response.json({ error }, { status: 400 })
    })
    expect((await scorerAt(server.origin).score(20_000)).score).toBe(8)
    expect(chats(server)).toHaveLength(2)
  })

  test('scorer.openai.context_tokens set is the operator’s word: the refusal is not retried, and says the setting', async () => {
    const server = llamaServer(2048)
    const scorer = scorerAt(server.origin, { LEAD_SIGNALS_SCORER_OPENAI_CONTEXT_TOKENS: '4096' })
    await expect(scorer.score(20_000)).rejects.toThrow('set scorer.openai.context_tokens to the context it has')
    expect(chats(server)).toHaveLength(1)
  })

  test('a 400 that states no context is not sent again', async () => {
    const server = llamaServer(2048, () =>
      Response.json(
        { error: { code: 400, message: 'the request exceeds the limit', type: 'invalid_request_error' } },
        { status: 400 },
      ),
    )
    await expect(scorerAt(server.origin).score(20_000)).rejects.toThrow('HTTP 400: the request exceeds the limit')
    expect(chats(server)).toHaveLength(1)
  })

  test('a context stated no smaller than the one the post was cut for is not sent again: it would be refused again', async () => {
    // A post counted as more tokens than its characters suggest (the fake counts a token a character here).
    const server = startFake(() => {
      const message = 'request (9000 tokens) exceeds the available context size (4096 tokens), try increasing it'
      const error = { code: 400, message, type: 'exceed_context_size_error', n_prompt_tokens: 9000, n_ctx: 4096 }
      return Response.json({ error }, { status: 400 })
    })
    const failure = scorerAt(server.origin).score(20_000)
    await expect(failure).rejects.toThrow('exceeds the available context size')
    expect(chats(server)).toHaveLength(1)
    // Said as it is: the post came to more tokens than counted; the context it was cut for is the one the server has.
    await expect(failure).rejects.toThrow(DENSER)
    await expect(failure).rejects.not.toThrow('to the context it has')
  })

  test('the same with scorer.openai.context_tokens set to the context the server states: no advice to set it to that', async () => {
    const server = startFake(() => {
      const message = 'request (9000 tokens) exceeds the available context size (4096 tokens), try increasing it'
      const error = { code: 400, message, type: 'exceed_context_size_error', n_prompt_tokens: 9000, n_ctx: 4096 }
      return Response.json({ error }, { status: 400 })
    })
    const failure = scorerAt(server.origin, { LEAD_SIGNALS_SCORER_OPENAI_CONTEXT_TOKENS: '4096' }).score(20_000)
    await expect(failure).rejects.toThrow(DENSER)
    await expect(failure).rejects.not.toThrow('to the context it has')
  })

  test('a post the smaller context would not cut shorter, refused by it: said as more tokens than counted', async () => {
    // 1,000 characters fit 2,048 tokens as counted; the fake counts a token a character, so the prompt is over.
    const server = startFake((req: Received) => {
      const tokens = req.body.length
      const message = `request (${tokens} tokens) exceeds the available context size (2048 tokens), try increasing it`
      const error = { code: 400, message, type: 'exceed_context_size_error', n_prompt_tokens: tokens, n_ctx: 2048 }
      return Response.json({ error }, { status: 400 })
    })
    const failure = scorerAt(server.origin).score(1000)
    await expect(failure).rejects.toThrow(/cut to fit 2048 tokens at 3 characters a token/)
    await expect(failure).rejects.not.toThrow('to the context it has')
  })
})

describe('the context the llama.cpp server gives each request, read from its GET /props at the start-up check', () => {
  // -c 16384 keeps the 20,000-character post whole; -c 2048 has it cut at once rather than refused first.
  for (const [nCtx, whole] of [
    [16_384, true],
    [2048, false],
  ] as const) {
    test(`-c ${nCtx}: the post goes ${whole ? 'whole' : 'cut to fit'} in one request`, async () => {
      const server = llamaServer(nCtx, undefined, true)
      const scorer = scorerAt(server.origin)
      expect(await scorer.probe()).toBeUndefined()
      expect((await scorer.score(20_000)).score).toBe(8)
      expect(chats(server)).toHaveLength(1)
      expect(CUT.test(userMessage(chats(server)[0]))).toBe(!whole)
    })
  }

  test('scorer.openai.context_tokens set: /props is not asked', async () => {
    const server = llamaServer(16_384, undefined, true)
    const scorer = scorerAt(server.origin, { LEAD_SIGNALS_SCORER_OPENAI_CONTEXT_TOKENS: '4096' })
    expect(await scorer.probe()).toBeUndefined()
    expect(server.received.filter((r) => r.url.pathname === '/props')).toEqual([])
  })
})

describe('a context too small for the prompt itself, which the server states (under the 2,048 the setting takes)', () => {
  // -c 512: the instructions alone fill it, so the post cut to its least (500 characters) is refused too.
  const TOO_SMALL = /model's context of 512 tokens with no more than 500 characters of the post .*at least 2,048 tokens/
  for (const props of [true, false]) {
    test(`said so, not to set context_tokens (the context read ${props ? 'from /props' : 'from the 400'})`, async () => {
      const server = llamaServer(512, undefined, props)
      const scorer = scorerAt(server.origin)
      expect(await scorer.probe()).toBeUndefined()
      const failure = scorer.score(20_000)
      await expect(failure).rejects.toThrow(TOO_SMALL)
      await expect(failure).rejects.not.toThrow('context_tokens')
      expect(chats(server)).toHaveLength(props ? 1 : 2)
    })
  }

  test('read at the start-up check, it is told at once, before any post (scorer_context_small)', async () => {
    const lines: string[] = []
    const server = llamaServer(1024, undefined, true)
    expect(await scorerAt(server.origin, {}, lines).probe()).toBeUndefined()
    const told = lines.map((l) => JSON.parse(l)).filter((l) => l.event === 'scorer_context_small')
    expect(told).toEqual([expect.objectContaining({ level: 'warn', model: 'qwen', tokens: 1024 })])
    expect(told[0].message).toMatch(/1024 tokens .*cut to 500 characters or fewer.*at least 2,048 tokens/)
  })

  test('a context of 2,048 or more is no warning', async () => {
    const lines: string[] = []
    const server = llamaServer(2048, undefined, true)
    expect(await scorerAt(server.origin, {}, lines).probe()).toBeUndefined()
    expect(lines.filter((l) => l.includes('scorer_context_small'))).toEqual([])
  })
})
