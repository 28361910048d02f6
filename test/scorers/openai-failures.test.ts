// What the OpenAI-compatible scorer does when the server fails: an HTTP error (the key kept out), an answer that is
// no completion, an error sent with 200, an answer too big or streamed, an abort, nothing listening.
import { describe, expect, test } from 'bun:test'
import { OpenAiError } from '../../src/scorers/openai'
import { fakesPerTest } from '../support/fake-upstream'
import { REFUSED_ORIGIN } from '../support/refused'
import { KEY, input, live, reply, scorer } from './openai-fake'

const startFake = fakesPerTest()

describe('openai scorer: when a fake server fails', () => {
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
