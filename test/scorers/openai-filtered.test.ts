import { describe, expect, test } from 'bun:test'
import { fakesPerTest } from '../support/fake-upstream'
import { scoreOnce as score } from '../support/openai-score-once'

// docs/scoring.md#reading-the-reply: a reply the server's content filter withheld (finish_reason "content_filter" in
// OpenAI's API reference, the chat completion object: the content omitted, or cut, by a flag of its filters) would be
// withheld again: it fails at once, named so, not asked again and reported as a model off the JSON schema.
const startFake = fakesPerTest()

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
        `the OpenAI-compatible server at ${server.origin} withheld the reply by its content filter (finish_reason "content_filter")`,
      )
      await expect(failed).rejects.not.toThrow('JSON schema')
      expect(server.received).toHaveLength(1)
    })
  }
})
