// What the Ollama scorer sends to /api/chat: one non-streaming call, its options, the prompt in order, a post cut
// to fit the context window.
import { describe, expect, test } from 'bun:test'
import { PROMPT_VERSION, SYSTEM_PROMPT } from '../../src/scorers/prompt'
import { SCORE_REPLY_SCHEMA } from '../../src/scorers/reply'
import { fakesPerTest } from '../support/fake-upstream'
import { fakeOllamaOn, input, live, reply, scorer } from './ollama-fake'

const startFake = fakesPerTest()
const fakeOllama = fakeOllamaOn(startFake)

describe('ollama scorer: what it asks a fake Ollama', () => {
  test('sends one non-streaming /api/chat call with the model, the reply schema as format, temperature 0, num_ctx and keep_alive', async () => {
    const ollama = fakeOllama(reply())
    await scorer(ollama.origin, {
      LEAD_SIGNALS_SCORER_OLLAMA_MODEL: 'llama3.2:3b',
      LEAD_SIGNALS_SCORER_OLLAMA_NUM_CTX: '8192',
      LEAD_SIGNALS_SCORER_OLLAMA_KEEP_ALIVE: '30m',
    }).score(input, live())
    expect(ollama.received).toHaveLength(1)
    expect(ollama.received[0].method).toBe('POST')
    expect(ollama.received[0].url.pathname).toBe('/api/chat')
    const chat = ollama.chats()[0]
    expect(chat.model).toBe('llama3.2:3b')
    expect(chat.stream).toBe(false)
    expect(chat.format).toEqual(SCORE_REPLY_SCHEMA)
    expect(chat.format).toMatchObject({
      type: 'object',
      required: ['reason', 'intent', 'icpMatch', 'score'],
      additionalProperties: false,
    })
    expect(chat.options.temperature).toBe(0)
    expect(chat.options.num_ctx).toBe(8192)
    expect(chat.keep_alive).toBe('30m')
  })

  test('uses num_ctx 4096 and keep_alive "10m" when the configuration does not name them', async () => {
    const ollama = fakeOllama(reply())
    const s = scorer(ollama.origin)
    await s.score(input, live())
    const chat = ollama.chats()[0]
    expect(chat.options.num_ctx).toBe(4096)
    expect(chat.keep_alive).toBe('10m')
    expect(chat.model).toBe('qwen2.5:3b')
    expect(s).toMatchObject({ name: 'ollama', model: 'qwen2.5:3b', version: PROMPT_VERSION })
  })

  test('puts the written system prompt first, then the profiles with their competitors, the context, the keyword and the post', async () => {
    const ollama = fakeOllama(reply())
    await scorer(ollama.origin).score(input, live())
    const [system, user] = ollama.chats()[0].messages
    expect(system).toEqual({ role: 'system', content: SYSTEM_PROMPT })
    expect(user.role).toBe('user')
    for (const part of [
      'Marketing Agencies',
      'Agencies of 5 to 50 people running client campaigns',
      'HubSpot, Pipedrive',
      'Solo Founders',
      'One-person SaaS companies',
      'We sell Acme CRM, a CRM for small agencies',
      'crm for agencies',
      input.content,
    ]) {
      expect(user.content).toContain(part)
    }
  })
  test('cuts a post too long for the context window, keeping the instructions whole', async () => {
    const ollama = fakeOllama(reply())
    const long = 'We need a CRM. '.repeat(1300)
    await scorer(ollama.origin).score({ ...input, content: long }, live())
    const [system, user] = ollama.chats()[0].messages
    expect(system.content).toBe(SYSTEM_PROMPT)
    expect(user.content).toContain('[... the post goes on for')
    // At a cautious 3 characters a token, prompt and reply fit 4096 tokens.
    expect((system.content.length + user.content.length) / 3 + 512).toBeLessThan(4096)
  })
})
