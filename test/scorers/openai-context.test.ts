import { describe, expect, test } from 'bun:test'
import { fakesPerTest } from '../support/fake-upstream'
import { scoreOnce as score } from '../support/openai-score-once'

// docs/scoring.md#fallback-and-timeouts: a prompt longer than the context the server gave the model is refused with
// HTTP 400, in each server's own words. The server's advice ("Please reduce the length of the messages") is no advice
// to the operator, who does not write the messages: the context is set on the server, so the error says that. With
// scorer.openai.context_tokens unset the stated context is learned instead (openai-context-refused.test.ts): here the
// setting says 4,096, more than the server's 2,048.
const startFake = fakesPerTest()

// Each server's answer to a prompt over its context, as each sends it.
const refusals = {
  // OpenAI's API: an error object with the code context_length_exceeded.
  openai: {
    error: {
      message:
        "This model's maximum context length is 2048 tokens. However, your messages resulted in 3100 tokens. Please reduce the length of the messages.",
      type: 'invalid_request_error',
      param: 'messages',
      code: 'context_length_exceeded',
    },
  },
  // vLLM: its own error object, with --max-model-len as the maximum context length.
  vllm: {
    object: 'error',
    message:
      "This model's maximum context length is 2048 tokens. However, you requested 3100 tokens (3100 in the messages, 0 in the completion). Please reduce the length of the messages or completion.",
    type: 'BadRequestError',
    param: null,
    code: 400,
  },
  // The llama.cpp server: error type exceed_context_size_error, with the context it was started with (-c).
  'llama.cpp': {
    error: {
      code: 400,
      message: 'request (3100 tokens) exceeds the available context size (2048 tokens), try increasing it',
      type: 'exceed_context_size_error',
      n_prompt_tokens: 3100,
      n_ctx: 2048,
    },
  },
}

describe('a prompt over the context the server gave the model', () => {
  for (const [server, body] of Object.entries(refusals)) {
    test(`${server}: says the context is too small and where to set it, with what the server said`, async () => {
      const fake = startFake(() => Response.json(body, { status: 400 }))
      const failed = score(fake.origin, { LEAD_SIGNALS_SCORER_OPENAI_CONTEXT_TOKENS: '4096' })
      await expect(failed).rejects.toThrow(
        `the OpenAI-compatible server at ${fake.origin} could not fit the prompt in the model's context (HTTP 400: `,
      )
      await expect(failed).rejects.toThrow(
        "): give the model a larger context on the server (the llama.cpp server's -c, vLLM's --max-model-len)",
      )
    })
  }

  test('another 400 is said with its status and message alone', async () => {
    const fake = startFake(() =>
      Response.json({ error: { message: 'Invalid value for temperature' } }, { status: 400 }),
    )
    const failed = score(fake.origin)
    await expect(failed).rejects.toThrow(
      `the OpenAI-compatible server at ${fake.origin} answered HTTP 400: Invalid value for temperature`,
    )
    await expect(failed).rejects.not.toThrow('context')
  })
})
