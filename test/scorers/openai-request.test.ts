// What the OpenAI-compatible scorer posts to {base_url}/chat/completions: the model, temperature 0, the strict
// reply schema, the api key as a Bearer token, the prompt in order.
import { describe, expect, test } from 'bun:test'
import { SYSTEM_PROMPT } from '../../src/scorers/prompt'
import { SCORE_REPLY_SCHEMA } from '../../src/scorers/reply'
import { fakesPerTest } from '../support/fake-upstream'
import { KEY, fakeOpenAiOn, input, live, reply, scorer } from './openai-fake'

const startFake = fakesPerTest()
const fakeOpenAi = fakeOpenAiOn(startFake)

describe('openai scorer: what it asks a fake OpenAI-compatible server', () => {
  test('posts to {base_url}/chat/completions with the model, temperature 0 and the reply schema as a strict response_format', async () => {
    const server = fakeOpenAi(reply())
    await scorer(server.origin, { LEAD_SIGNALS_SCORER_OPENAI_MODEL: 'gpt-4.1-mini' }).score(input, live())
    expect(server.received).toHaveLength(1)
    expect(server.received[0].method).toBe('POST')
    expect(server.received[0].url.pathname).toBe('/v1/chat/completions')
    expect(server.received[0].headers.get('content-type')).toBe('application/json')
    const body = server.bodies()[0]
    expect(body.model).toBe('gpt-4.1-mini')
    expect(body.temperature).toBe(0)
    expect(body.response_format.type).toBe('json_schema')
    expect(body.response_format.json_schema.strict).toBe(true)
    expect(body.response_format.json_schema.name).toMatch(/^[\w-]{1,64}$/)
    expect(body.response_format.json_schema.schema).toEqual(SCORE_REPLY_SCHEMA)
    expect(body.response_format.json_schema.schema).toMatchObject({
      required: ['reason', 'intent', 'icpMatch', 'score'],
      additionalProperties: false,
    })
  })

  test('sends Authorization: Bearer with the api_key, and no Authorization header without one', async () => {
    const withKey = fakeOpenAi(reply())
    await scorer(withKey.origin, { LEAD_SIGNALS_SCORER_OPENAI_API_KEY: KEY }).score(input, live())
    expect(withKey.received[0].headers.get('authorization')).toBe(`Bearer ${KEY}`)
    const keyless = fakeOpenAi(reply())
    await scorer(keyless.origin).score(input, live())
    expect(keyless.received[0].headers.has('authorization')).toBe(false)
    // A key pasted with a space before it, or read from a file with its line end: the server compares the header
    // whole (vLLM's --api-key), so it is sent without them; a key of spaces alone is no key.
    const padded = fakeOpenAi(reply())
    await scorer(padded.origin, { LEAD_SIGNALS_SCORER_OPENAI_API_KEY: ` ${KEY}\n` }).score(input, live())
    expect(padded.received[0].headers.get('authorization')).toBe(`Bearer ${KEY}`)
    const blank = fakeOpenAi(reply())
    await scorer(blank.origin, { LEAD_SIGNALS_SCORER_OPENAI_API_KEY: '  ' }).score(input, live())
    expect(blank.received[0].headers.has('authorization')).toBe(false)
  })

  test('accepts a base_url with a trailing slash', async () => {
    const server = fakeOpenAi(reply())
    await scorer(server.origin, { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${server.origin}/v1/` }).score(input, live())
    expect(server.received[0].url.pathname).toBe('/v1/chat/completions')
  })

  test('sends the written system prompt, then the profiles with their competitors, the context, the keyword and the post', async () => {
    const server = fakeOpenAi(reply())
    await scorer(server.origin).score(input, live())
    const [system, user] = server.bodies()[0].messages
    expect(system).toEqual({ role: 'system', content: SYSTEM_PROMPT })
    for (const part of [
      'Marketing Agencies',
      'Agencies of 5 to 50 people',
      'HubSpot, Pipedrive',
      'Recruiters',
      'Staffing firms placing engineers',
      'Bullhorn',
      'We sell Acme CRM for agencies',
      'hubspot alternative',
      input.content,
    ]) {
      expect(user.content).toContain(part)
    }
  })
})
