import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOllamaScorer } from '../../src/scorers/ollama'
import { fakesPerTest } from '../support/fake-upstream'

// docs/scoring.md#reading-the-reply: a reply Ollama stopped at num_predict (done_reason "length", its API
// documentation, "Generate a chat completion") before the JSON object ended would be cut again: it fails at once,
// named so, rather than as a model off the JSON schema after a retry ('upgrade Ollama'). A small model held to a
// format can pad its reply with blank lines until the limit (Ollama's issue 2577).
const startFake = fakesPerTest()
const ANSWER = JSON.stringify({ reason: 'The post says "needs a CRM".', intent: 'ACTIVE', icpMatch: null, score: 8 })

/** Ollama's /api/chat answering each call with the next of `replies` (the last repeats). */
function fakeOllama(...replies: { content: string; done_reason: string }[]) {
  let n = 0
  return startFake(() => {
    const r = replies[Math.min(n++, replies.length - 1)]
    return Response.json({ model: 'm', message: { role: 'assistant', content: r.content }, done: true, ...r })
  })
}

const score = (host: string) =>
  createOllamaScorer(
    loadConfig({ env: { LEAD_SIGNALS_SCORER_OLLAMA_HOST: host } }).scorer.ollama,
    createLogger(() => {}),
  ).score({ content: 'Our team needs a CRM this month.', keyword: 'crm', icps: [] }, AbortSignal.timeout(5000))

describe('a reply Ollama cut off at num_predict', () => {
  test('an unfinished JSON object fails at once, saying it was cut off, not asked again', async () => {
    const ollama = fakeOllama({ content: `{"reason": "The post says${'\n'.repeat(400)}`, done_reason: 'length' })
    const failed = score(ollama.origin)
    await expect(failed).rejects.toThrow(
      `the Ollama model server at ${ollama.origin} cut the reply off at num_predict, 512 tokens (done_reason "length"), before its JSON object ended`,
    )
    await expect(failed).rejects.not.toThrow('upgrade Ollama')
    expect(ollama.received).toHaveLength(1)
  })

  test('a whole JSON object followed by blank lines up to the limit is the answer', async () => {
    const ollama = fakeOllama({ content: `${ANSWER}${'\n'.repeat(400)}`, done_reason: 'length' })
    expect((await score(ollama.origin)).score).toBe(8)
  })

  test('a model that thought in the content first is asked again with room for its thinking', async () => {
    const ollama = fakeOllama(
      { content: `<think>\n${'Let me weigh it. '.repeat(20)}\n</think>\n{"reason": "The po`, done_reason: 'length' },
      { content: `<think>\nshort\n</think>\n${ANSWER}`, done_reason: 'stop' },
    )
    expect((await score(ollama.origin)).score).toBe(8)
    expect(ollama.received).toHaveLength(2)
  })
})
