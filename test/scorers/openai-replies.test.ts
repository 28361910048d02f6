// How the OpenAI-compatible scorer reads a completion: the answer and its own name, a reply it asks again for
// once, empty content, a refusal, a reply cut off at the token limit or ending just at it.
import { describe, expect, test } from 'bun:test'
import { OpenAiError } from '../../src/scorers/openai'
import { PROMPT_VERSION } from '../../src/scorers/prompt'
import { fakesPerTest } from '../support/fake-upstream'
import { fakeOpenAiOn, input, live, reply, scorer } from './openai-fake'

const startFake = fakesPerTest()
const fakeOpenAi = fakeOpenAiOn(startFake)

describe("openai scorer: how it reads a fake server's replies", () => {
  test("returns the model's answer and names itself with its model and prompt version", async () => {
    const s = scorer(fakeOpenAi(reply({ icpMatch: 'marketing agencies' })).origin)
    expect(await s.score(input, live())).toEqual({
      score: 8,
      intent: 'COMPETITOR',
      icpMatch: 'Marketing Agencies',
      reason: 'The writer is "switching away from HubSpot".',
    })
    expect(s).toMatchObject({ name: 'openai', model: 'gpt-4o-mini', version: PROMPT_VERSION })
  })

  test('asks once more after a score outside 0 to 10, then throws', async () => {
    const server = fakeOpenAi(reply({ score: 85 }))
    await expect(scorer(server.origin).score(input, live())).rejects.toThrow(
      'another model; its last reply: score: must be a number from 0 to 10, not 85',
    )
    expect(server.received).toHaveLength(2)
  })

  test('answers null for an icpMatch that names no profile of the team', async () => {
    expect((await scorer(fakeOpenAi(reply({ icpMatch: 'Hospitals' })).origin).score(input, live())).icpMatch).toBeNull()
  })

  test('asks once more after an unknown intent, then throws', async () => {
    const server = fakeOpenAi(reply({ intent: 'LEAD' }))
    await expect(scorer(server.origin).score(input, live())).rejects.toThrow(
      /^no usable reply after one retry: the model does not answer in the reply's JSON schema.*; its last reply: intent: /,
    )
    expect(server.received).toHaveLength(2)
    expect(
      server
        .bodies()[1]
        .messages.slice(2)
        .map((m) => m.role),
    ).toEqual(['assistant', 'user'])
  })

  test('asks once more after a reply that is not JSON, then throws', async () => {
    const server = fakeOpenAi('The intent is ACTIVE and the score is 9.')
    await expect(scorer(server.origin).score(input, live())).rejects.toThrow('the reply is not JSON')
    expect(server.received).toHaveLength(2)
  })

  test('throws on empty content, also when the content is null', async () => {
    await expect(scorer(fakeOpenAi('').origin).score(input, live())).rejects.toThrow('the reply is empty')
    await expect(scorer(fakeOpenAi(null).origin).score(input, live())).rejects.toThrow('the reply is empty')
  })

  test('throws at once on a refusal', async () => {
    const server = startFake(() =>
      Response.json({
        id: 'chatcmpl-r',
        object: 'chat.completion',
        created: 1772366400,
        model: 'gpt-4o-mini',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: null, refusal: 'I cannot help with that.' },
            finish_reason: 'stop',
          },
        ],
      }),
    )
    // OpenAI's Structured Outputs guide ("Refusals"): a model may refuse user input for safety reasons, with the
    // refusal field set instead of content. The line names the model and its server, and what to do if it persists.
    await expect(scorer(server.origin).score(input, live())).rejects.toThrow(
      `model "gpt-4o-mini" at ${server.origin} refused to judge the post ("I cannot help with that."): a model refuses some posts' words for safety reasons; one that refuses ordinary posts, such as the sample of lead-signals scorer check, will not do: set scorer.openai.model to another model`,
    )
    expect(server.received).toHaveLength(1)
  })
  test('a reply cut off at the token limit fails at once, saying so, not as a reply to ask for again', async () => {
    // OpenAI's chat completion: finish_reason "length" when the token limit of the request or the model's context was
    // reached. With no max_tokens sent, that is a context the prompt nearly filled (the llama.cpp server's -c).
    const full = startFake(() =>
      Response.json({
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: '{"reason": "The writer is switching' },
            finish_reason: 'length',
          },
        ],
      }),
    )
    const call = scorer(full.origin).score(input, live())
    await expect(call).rejects.toBeInstanceOf(OpenAiError)
    await expect(call).rejects.toThrow(
      `the OpenAI-compatible server at ${full.origin} cut the reply off at the token limit (finish_reason "length"): give the model a larger context on the server`,
    )
    expect(full.received).toHaveLength(1)
  })

  test('a whole reply that reached the token limit as it ended is read, not refused as cut off', async () => {
    const ended = startFake(() =>
      Response.json({
        choices: [{ index: 0, message: { role: 'assistant', content: reply({ score: 7 }) }, finish_reason: 'length' }],
      }),
    )
    expect((await scorer(ended.origin).score(input, live())).score).toBe(7)
    expect(ended.received).toHaveLength(1)
  })
})
