import { describe, expect, test } from 'bun:test'
import { withoutThinking } from '../../src/scorers/thinking'

// docs/scoring.md#thinking-models: what a thinking model leaves in the content of servers that do not parse it out.
const ANSWER = '{"reason": "It says \\"need a CRM\\".", "intent": "ACTIVE", "icpMatch": null, "score": 9}'

describe('withoutThinking', () => {
  test('removes a leading <think> or <thinking> block, in any case, with the space after it', () => {
    expect(withoutThinking(`<think>\nThe user asks for a CRM.\n</think>\n\n${ANSWER}`)).toEqual({
      answer: ANSWER,
      thoughtOnly: false,
    })
    expect(withoutThinking(`  <THINKING>hmm</THINKING>${ANSWER}`).answer).toBe(ANSWER)
  })

  test('removes thinking that has only its closing tag (the template opened the block, as DeepSeek-R1 does)', () => {
    expect(withoutThinking(`The user asks for a CRM.\n</think>\n${ANSWER}`).answer).toBe(ANSWER)
  })

  test('a block opened and never closed is all thinking: no answer', () => {
    expect(withoutThinking('<think>\nThe user asks for a CRM. Let me weigh')).toEqual({ answer: '', thoughtOnly: true })
  })

  test('an answer that starts as JSON is left whole, even when its reason quotes a closing tag', () => {
    const quoting = '{"reason": "The post ends with </think> and asks for a CRM.", "intent": "ACTIVE", "score": 8}'
    expect(withoutThinking(quoting)).toEqual({ answer: quoting, thoughtOnly: false })
    expect(withoutThinking(ANSWER).answer).toBe(ANSWER)
  })

  test('nothing, null and prose pass through as they are', () => {
    expect(withoutThinking(null)).toEqual({ answer: '', thoughtOnly: false })
    expect(withoutThinking('I would say ACTIVE.').answer).toBe('I would say ACTIVE.')
  })
})
