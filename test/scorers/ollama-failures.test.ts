// What the Ollama scorer does when Ollama fails: an HTTP error, a model not pulled, an abort, an answer too big
// or streamed, an error line, an answer that is no chat answer, nothing listening.
import { describe, expect, test } from 'bun:test'
import { OllamaError } from '../../src/scorers/ollama'
import { fakesPerTest } from '../support/fake-upstream'
import { REFUSED_ORIGIN } from '../support/refused'
import { input, live, reply, scorer } from './ollama-fake'

const startFake = fakesPerTest()

describe('ollama scorer: when a fake Ollama fails', () => {
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
})
