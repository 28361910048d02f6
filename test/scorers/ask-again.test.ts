// Asking a model for a score (askForScore): a bad reply is asked for once more with what was wrong with it; a second
// one, or a transport error, is not.
import { describe, expect, test } from 'bun:test'
import { askForScore, type ChatMessage } from '../../src/scorers/reply'
import type { ScoreInput } from '../../src/scorers/types'
import { icps, reply } from './reply-fixtures'

describe('asking for a score', () => {
  const input: ScoreInput = { content: 'Any recommendations for a CRM?', icps }

  test('a bad reply is asked for once more with the reply and what was wrong with it', async () => {
    const sent: ChatMessage[][] = []
    const answers = [reply({ intent: 'BUYING' }), reply({ intent: 'ACTIVE', score: 9 })]
    const r = await askForScore({
      input,
      signal: new AbortController().signal,
      advice: 'do this',
      send: async (m) => {
        sent.push(m)
        return answers[sent.length - 1]
      },
    })
    expect(r.score).toBe(9)
    expect(sent).toHaveLength(2)
    expect(sent[1].slice(0, 2)).toEqual(sent[0])
    expect(sent[1][2]).toEqual({ role: 'assistant', content: answers[0] })
    expect(sent[1][3].role).toBe('user')
    expect(sent[1][3].content).toContain('intent: ')
  })

  test('a second bad reply throws; an error of the transport is not retried', async () => {
    let calls = 0
    const bad = askForScore({
      input,
      signal: new AbortController().signal,
      advice: 'do this',
      send: async () => {
        calls++
        return 'no'
      },
    })
    await expect(bad).rejects.toThrow('no usable reply after one retry: do this; its last reply: the reply is not JSON')
    expect(calls).toBe(2)
    calls = 0
    const down = askForScore({
      input,
      signal: new AbortController().signal,
      advice: 'do this',
      send: async () => {
        calls++
        throw new Error('HTTP 500')
      },
    })
    await expect(down).rejects.toThrow('HTTP 500')
    expect(calls).toBe(1)
  })
})
