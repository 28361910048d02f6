// How a model's reply is read (src/scorers/reply.ts): the result it becomes, what is no usable reply and why, the
// deviations read anyway, a reason cut; and the reply schema the model is sent.
import { describe, expect, test } from 'bun:test'
import { profileNamed, readReply, ReplyError, SCORE_REPLY_SCHEMA } from '../../src/scorers/reply'
import { icps, reply } from './reply-fixtures'

describe('reading a model reply', () => {
  test('a valid reply becomes the result, icpMatch spelled as the profile is named', () => {
    expect(readReply(reply({ icpMatch: 'marketing agencies ', score: 8.5 }), icps)).toEqual({
      score: 8.5,
      intent: 'ACTIVE',
      icpMatch: 'Marketing Agencies',
      reason: 'Says "looking for a CRM".',
    })
  })

  test('a score outside 0 to 10 is no usable reply (a model on another scale), the ends of the scale are', () => {
    expect(() => readReply(reply({ score: 14 }), icps)).toThrow('score: must be a number from 0 to 10, not 14')
    expect(() => readReply(reply({ score: -2 }), icps)).toThrow(ReplyError)
    expect(readReply(reply({ score: 10 }), icps).score).toBe(10)
    expect(readReply(reply({ score: '0' }), icps).score).toBe(0)
  })

  test('a score is kept to one decimal, as the embedded scorer gives it, so 7.3333333 is never shown', () => {
    expect(readReply(reply({ score: 22 / 3 }), icps).score).toBe(7.3)
    expect(readReply(reply({ score: '6.96' }), icps).score).toBe(7)
    expect(readReply(reply({ score: 9.99 }), icps).score).toBe(10)
  })

  test('an icpMatch that names no profile of the team is null', () => {
    expect(readReply(reply({ icpMatch: 'Enterprises' }), icps).icpMatch).toBeNull()
    expect(readReply(reply({ icpMatch: 'Marketing Agencies' }), []).icpMatch).toBeNull()
    expect(profileNamed('', icps)).toBeNull()
  })

  test('an intent outside the five is an error that names the key', () => {
    expect(() => readReply(reply({ intent: 'BUYING' }), icps)).toThrow(ReplyError)
    expect(() => readReply(reply({ intent: 'BUYING' }), icps)).toThrow(/^intent: /)
  })

  test('plain deviations are read: lower-case intent, a score as a numeric string, a code fence, extra keys', () => {
    const r = readReply('```json\n' + reply({ intent: 'pain', score: '6', extra: true }) + '\n```', icps)
    expect(r.intent).toBe('PAIN')
    expect(r.score).toBe(6)
  })

  test('empty, non-JSON, a missing key or an empty reason is an error', () => {
    expect(() => readReply('', icps)).toThrow('the reply is empty')
    expect(() => readReply(null, icps)).toThrow('the reply is empty')
    expect(() => readReply('Sure! Here is my answer: ACTIVE, 8', icps)).toThrow('the reply is not JSON')
    expect(() => readReply(JSON.stringify({ intent: 'ACTIVE', score: 8, icpMatch: null }), icps)).toThrow(/^reason: /)
    expect(() => readReply(reply({ reason: '  ' }), icps)).toThrow('reason is empty')
    // Spaces of every kind, and characters that show nothing (zero-width space, word joiner, BOM, soft hyphen): a
    // reason a card would show blank is asked for again, as an empty one.
    expect(() => readReply(reply({ reason: '\u00a0\u3000\n\t' }), icps)).toThrow('reason is empty')
    expect(() => readReply(reply({ reason: '\u200b\u2060 \ufeff\u00ad' }), icps)).toThrow(
      'reason: shows nothing, only invisible characters',
    )
    expect(() => readReply(reply({ score: 'high' }), icps)).toThrow('score: must be a number from 0 to 10')
  })

  test('a rambling reason is cut to 500 characters', () => {
    expect(readReply(reply({ reason: 'x'.repeat(2000) }), icps).reason).toHaveLength(500)
    // An emoji across the cut is left out whole: half of one is stored as U+FFFD and shown so in every message.
    const cut = readReply(reply({ reason: `${'x'.repeat(496)}${'🙂'.repeat(10)}` }), icps).reason
    expect(cut).toBe(`${'x'.repeat(496)}🙂…`)
  })

  test('a rambling reason is cut where a word ends, and a quote the cut leaves open is closed', () => {
    const said = `The post says "we are looking for a new CRM for our sales team, ${'and we need it soon, '.repeat(30)}"`
    const reason = readReply(reply({ reason: said }), icps).reason
    expect(reason.length).toBeLessThanOrEqual(500)
    // Not "…so" or "…n": the last word is whole, the ellipsis inside the quote, and the quote closed.
    expect(reason).toMatch(/ (?:and|we|need|it|soon)…"$/)
    expect(reason.split('"').length % 2).toBe(1)
    const curly = readReply(reply({ reason: `Quotes “${'we need a CRM today '.repeat(40)}”` }), icps).reason
    expect(curly).toMatch(/ (?:we|need|a|CRM|today)…”$/)
    expect(curly.length).toBeLessThanOrEqual(500)
  })
})

describe('the reply schema sent to the model', () => {
  test('fits OpenAI strict mode: every property required, no other properties, no $schema keyword', () => {
    const s = SCORE_REPLY_SCHEMA as {
      type: string
      properties: Record<string, { enum?: string[] }>
      required: string[]
      additionalProperties: boolean
    }
    expect(s.type).toBe('object')
    expect(s.required.toSorted()).toEqual(Object.keys(s.properties).toSorted())
    expect(s.required.toSorted()).toEqual(['icpMatch', 'intent', 'reason', 'score'])
    expect(s.additionalProperties).toBe(false)
    expect(s.properties.intent.enum).toEqual(['ACTIVE', 'COMPETITOR', 'PAIN', 'QUESTION', 'MENTION'])
    expect('$schema' in s).toBe(false)
  })
})
