import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOpenAiScorer } from '../../src/scorers/openai'
import { fakesPerTest } from '../support/fake-upstream'

// docs/scoring.md#reading-the-reply: a reply the server's content filter withheld (finish_reason "content_filter" in
// OpenAI's API reference, the chat completion object: the content omitted, or cut, by a flag of its filters) would be
// withheld again: it fails at once, named so, not asked again and reported as a model off the JSON schema.
const startFake = fakesPerTest()

const score = (origin: string) =>
  createOpenAiScorer(
    loadConfig({ env: { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1` } }).scorer.openai,
    createLogger(() => {}),
  ).score({ content: 'Our team needs a CRM this month.', keyword: 'crm', icps: [] }, AbortSignal.timeout(5000))

describe('a reply the content filter withheld', () => {
  for (const content of [null, '{"reason": "The post']) {
    test(`content ${JSON.stringify(content)}: fails at once saying the filter stopped it`, async () => {
      const server = startFake(() =>
        Response.json({
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'content_filter' }],
        }),
      )
      const failed = score(server.origin)
      await expect(failed).rejects.toThrow(
        `openai at ${server.origin} withheld the reply by its content filter (finish_reason "content_filter")`,
      )
      await expect(failed).rejects.not.toThrow('JSON schema')
      expect(server.received).toHaveLength(1)
    })
  }
})
