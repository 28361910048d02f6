import { expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOpenAiScorer } from '../../src/scorers/openai'
import type { ScoreInput } from '../../src/scorers/types'
import { fakesPerTest } from '../support/fake-upstream'

// docs/scoring.md#reading-the-reply: OpenAI's API reference (the chat completion object, and response_format's JSON
// mode) says finish_reason "length" means the request's max_tokens or the model's context was reached, and that a
// model held to JSON may write an unending stream of whitespace until the token limit. No max_tokens is sent, so a
// short reply cut there met a context the prompt nearly filled; a long one is a model that ran on, padding or
// repeating, which a larger context would only let run longer. The fake answers POST /v1/chat/completions so.
const startFake = fakesPerTest()

const input: ScoreInput = {
  content: 'Anyone recommend a cheaper CRM for a 10 person agency?',
  keyword: 'crm',
  icps: [],
}

function cutAt(content: string) {
  return startFake(() =>
    Response.json({
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'length' }],
    }),
  )
}

async function failure(origin: string): Promise<string> {
  const config = loadConfig({ env: { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1` } }).scorer.openai
  const scorer = createOpenAiScorer(
    config,
    createLogger(() => {}),
  )
  return scorer.score(input, new AbortController().signal).then(
    () => 'answered',
    (err: Error) => err.message,
  )
}

test('a reply padded with blank lines up to the token limit names the model, not the context, as the cause', async () => {
  const padded = cutAt(`{"intent": "ACTIVE", "score": 8,${'\n'.repeat(6000)}`)
  const said = await failure(padded.origin)
  expect(said).toContain(`the OpenAI-compatible server at ${padded.origin} cut the reply off at the token limit`)
  expect(said).toContain('ran on')
  expect(said).toContain('set scorer.openai.model to another model')
  expect(said).not.toContain('larger context')
  expect(padded.received).toHaveLength(1)
})

test('a reply repeating itself up to the token limit is told the same way', async () => {
  const looping = cutAt(`{"intent": "ACTIVE", "score": 8, "reason": "${'The writer wants a CRM. '.repeat(400)}`)
  const said = await failure(looping.origin)
  expect(said).toContain('ran on')
  expect(said).not.toContain('larger context')
})

test('a short reply cut at the limit still points at the context the prompt nearly filled', async () => {
  const full = cutAt('{"reason": "The writer is switching')
  const said = await failure(full.origin)
  expect(said).toContain('give the model a larger context on the server')
  expect(said).not.toContain('ran on')
})
