// docs/scoring.md#reading-the-reply: what an OpenAI-compatible server says when it fails is shown with the key masked.
// A server started with a key of its own (vLLM's or the llama.cpp server's --api-key: any text, not only OpenAI's
// sk-…) may quote it; one quoted across the 300 characters kept of the message must not leave its first characters
// behind.
import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOpenAiScorer } from '../../src/scorers/openai'
import type { ScoreInput } from '../../src/scorers/types'
import { fakesPerTest } from '../support/fake-upstream'

const startFake = fakesPerTest()
const KEY = 'vllm-key-7f3c9e1a5b2d4c6e'
const quoting = () => `upstream failed ${'x'.repeat(262)} for key ${KEY}`
const scorer = (origin: string) =>
  createOpenAiScorer(
    loadConfig({
      env: { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`, LEAD_SIGNALS_SCORER_OPENAI_API_KEY: KEY },
    }).scorer.openai,
    createLogger(() => {}),
  )
const input: ScoreInput = {
  content: 'Looking for a CRM for our agency',
  keyword: 'crm',
  context: 'We sell a CRM',
  icps: [],
}

describe('a key quoted at the end of a long error message', () => {
  test('a failed completion (HTTP 500) shows no part of it', async () => {
    const server = startFake(() => Response.json({ error: { message: quoting() } }, { status: 500 }))
    const message = await scorer(server.origin)
      .score(input, new AbortController().signal)
      .then(
        () => 'scored',
        (e: Error) => e.message,
      )
    expect(message).toContain('answered HTTP 500: upstream failed xxx')
    expect(message).not.toContain(KEY.slice(0, 6))
  })

  test("the start-up check's GET /models, failed or answered with an error object, shows no part of it", async () => {
    for (const status of [500, 200]) {
      const server = startFake(() => Response.json({ error: { message: quoting() } }, { status }))
      const problem = (await scorer(server.origin).probe?.(new AbortController().signal)) ?? ''
      expect(problem).toContain('upstream failed xxx')
      expect(problem).not.toContain(KEY.slice(0, 6))
    }
  })
})
