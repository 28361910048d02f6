import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOllamaScorer } from '../../src/scorers/ollama'
import { OnlyThoughtError, THINKING_TOKENS } from '../../src/scorers/ollama-thinking'
import type { ScoreInput } from '../../src/scorers/types'
import { fakeThinkingOllama, type OllamaEra, type ThinkingModel } from '../support/fake-ollama-thinking'
import { fakesPerTest } from '../support/fake-upstream'

// docs/scoring.md#thinking-models: thinking models on the Ollama versions its documentation covers, against a fake
// that answers as Ollama's documentation and server do (test/support/fake-ollama-thinking.ts).
const startFake = fakesPerTest()

const ANSWER = JSON.stringify({
  reason: 'It says "need a CRM this month".',
  intent: 'ACTIVE',
  icpMatch: null,
  score: 9,
})
const input: ScoreInput = {
  content: 'Our team of 12 needs a CRM this month, budget approved.',
  keyword: 'crm',
  icps: [],
}
const live = () => new AbortController().signal

const QWEN3: ThinkingModel = { name: 'qwen3:8b', kind: 'hybrid', thoughtTokens: 900 }
const LLAMA: ThinkingModel = { name: 'llama3.2:3b', kind: 'no' }
const GPT_OSS: ThinkingModel = { name: 'gpt-oss:20b', kind: 'levels', thoughtTokens: 700, lowThoughtTokens: 200 }
const ONLY_THINKS: ThinkingModel = { name: 'ponder:7b', kind: 'always', thoughtTokens: 50_000 }

function setUp(era: OllamaEra, model: ThinkingModel) {
  const fake = fakeThinkingOllama(startFake, { era, model, answer: ANSWER })
  const lines: string[] = []
  const env = { LEAD_SIGNALS_SCORER_OLLAMA_HOST: fake.origin, LEAD_SIGNALS_SCORER_OLLAMA_MODEL: model.name }
  const scorer = createOllamaScorer(
    loadConfig({ env }).scorer.ollama,
    createLogger((l) => lines.push(l)),
  )
  return { fake, scorer, events: () => lines.map((l) => JSON.parse(l).event as string) }
}

describe('ollama scorer and thinking models', () => {
  test('a model that thinks by default (qwen3, Ollama 0.12.4 and later) is asked not to, and answers in one call', async () => {
    const { fake, scorer } = setUp('current', QWEN3)
    expect((await scorer.score(input, live())).score).toBe(9)
    expect(fake.chats()).toHaveLength(1)
    expect(fake.chats()[0].think).toBe(false)
    expect(fake.chats()[0].options.num_predict).toBe(512)
    expect(scorer.caveat?.()).toBeUndefined()
  })

  test('a model that cannot think answers with think: false on current Ollama', async () => {
    const { fake, scorer } = setUp('current', LLAMA)
    expect((await scorer.score(input, live())).score).toBe(9)
    expect(fake.chats().map((c) => c.think)).toEqual([false])
  })

  test('Ollama 0.12.4 refuses think: false for a model that cannot think: asked again without it, and remembered', async () => {
    const { fake, scorer, events } = setUp('0.12.4', LLAMA)
    expect((await scorer.score(input, live())).score).toBe(9)
    expect((await scorer.score(input, live())).score).toBe(9)
    expect(fake.chats().map((c) => 'think' in c)).toEqual([true, false, false])
    expect(events().filter((e) => e === 'scorer_think_refused')).toHaveLength(1)
  })

  test('an Ollama before 0.9 leaves <think>…</think> in the content: the block is removed and the answer read', async () => {
    const { fake, scorer } = setUp('before-0.9', { ...QWEN3, thoughtTokens: 300 })
    expect(await scorer.score(input, live())).toMatchObject({ intent: 'ACTIVE', score: 9 })
    expect(fake.chats()).toHaveLength(1)
  })

  test('thinking cut off in the content by num_predict is asked for again with room to think', async () => {
    const { fake, scorer } = setUp('before-0.9', QWEN3)
    expect((await scorer.score(input, live())).score).toBe(9)
    const chats = fake.chats()
    expect(chats.map((c) => c.options.num_predict)).toEqual([512, 512 + THINKING_TOKENS])
    // That server leaves thinking in the content, so it is given no level (Ollama 0.9 to 0.11 would refuse one).
    expect(chats[1].think).toBe(false)
  })

  test('gpt-oss thinks whatever think: false says: asked again at "low" with room to think, and so from then on', async () => {
    const { fake, scorer, events } = setUp('current', GPT_OSS)
    expect((await scorer.score(input, live())).score).toBe(9)
    expect((await scorer.score(input, live())).score).toBe(9)
    const chats = fake.chats()
    expect(chats.map((c) => c.think)).toEqual([false, 'low', 'low'])
    expect(chats.map((c) => c.options.num_predict)).toEqual([512, 512 + THINKING_TOKENS, 512 + THINKING_TOKENS])
    expect(events().filter((e) => e === 'scorer_model_thinks')).toHaveLength(1)
    expect(scorer.caveat?.()).toContain('thinks before it answers although asked not to')
  })

  test('a model that only thinks fails with that said, after one call with room to think', async () => {
    const { fake, scorer } = setUp('current', ONLY_THINKS)
    const call = scorer.score(input, live())
    await expect(call).rejects.toBeInstanceOf(OnlyThoughtError)
    await expect(call).rejects.toThrow(
      `model "ponder:7b" only thought and gave no answer: all ${512 + THINKING_TOKENS} tokens (num_predict) went to thinking`,
    )
    expect(fake.chats()).toHaveLength(2)
  })

  test('an empty <think></think> block before the answer (Qwen3 told not to think) is no thinking', async () => {
    const fake = startFake(() =>
      Response.json({
        model: 'qwen3:8b',
        message: { role: 'assistant', content: `<think>\n\n</think>\n\n${ANSWER}` },
        done: true,
      }),
    )
    const lines: string[] = []
    const env = { LEAD_SIGNALS_SCORER_OLLAMA_HOST: fake.origin, LEAD_SIGNALS_SCORER_OLLAMA_MODEL: 'qwen3:8b' }
    const scorer = createOllamaScorer(
      loadConfig({ env }).scorer.ollama,
      createLogger((l) => lines.push(l)),
    )
    expect((await scorer.score(input, live())).score).toBe(9)
    expect((await scorer.score({ ...input, content: `${input.content} Soon.` }, live())).score).toBe(9)
    expect(lines.map((l) => JSON.parse(l).event)).not.toContain('scorer_model_thinks')
    expect(fake.received.map((r) => JSON.parse(r.body).options.num_predict)).toEqual([512, 512])
    expect(scorer.caveat?.()).toBeUndefined()
  })
})
