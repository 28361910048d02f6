import { describe, expect, test } from 'bun:test'
import { answer, promptRecorders } from '../support/prompt-recorder'

// docs/scoring.md#the-prompt: a long post is cut to fit the model's context, and a judged example is its first 300
// characters. A cut inside an emoji left half of its UTF-16 surrogate pair, sent as a lone '\ud83d' escape, which a
// strict JSON reader refuses (the llama.cpp server's JSON library: "surrogate U+D800..U+DBFF must be followed by
// U+DC00..U+DFFF", nlohmann/json issue 4417), so every prompt holding such an example failed there.
const recorder = promptRecorders()
const emoji = '\u{1f642}'

describe('a cut that falls inside an emoji', () => {
  for (const backend of ['openai', 'ollama'] as const) {
    test(`${backend}: the prompt sent holds whole characters only, in a judged example and in a long post`, async () => {
      const server = recorder(backend, [answer()])
      const example = `${'x'.repeat(299)}${emoji} and more words after it`
      // One of the two posts, an emoji run from an even and from an odd offset, meets the cut inside an emoji.
      for (const lead of ['', 'a']) {
        const content = `${lead}${emoji.repeat(12_000)}`
        await server.score({
          content,
          keyword: 'crm',
          icps: [],
          examples: [{ content: example, keyword: 'crm', verdict: 'relevant' }],
        })
      }
      const prompts = server.userMessages().map((m) => m[0])
      expect(prompts).toHaveLength(2)
      for (const prompt of prompts) {
        expect(prompt).toContain('[... the post goes on for')
        expect(prompt).toContain(`"${'x'.repeat(299)}"`)
        expect(prompt.isWellFormed()).toBe(true)
      }
    })
  }
})
