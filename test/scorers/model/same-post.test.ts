// Polling asks about one post for each team tracking its keyword, in a row. The model keeps the last post's word
// features and their sums for the next team (model/text-features.ts, model/model.ts) and writes a reason only from
// the score the caller keeps (model/answer.ts): every answer must be the one the post read alone gets.
import { describe, expect, test } from 'bun:test'
import { features } from '../../../src/scorers/model/features'
import { embeddedModel } from '../../../src/scorers/model/index'
import { K, logits, type Model, textWeight } from '../../../src/scorers/model/model'
import { createRulesReader, scoreEmbedded } from '../../../src/scorers/rules/index'
import { readPost } from '../../../src/scorers/rules/reading'
import type { ScoreInput } from '../../../src/scorers/types'

const POST =
  'Our 15-person agency is done with Pipedrive: the pipeline view is slow and support takes days. Looking for a ' +
  'CRM with proper deal tracking before our renewal in March. What did you switch to?'
const UNRELATED = 'Took the kids to the lake on Sunday, the water was freezing but they loved it.'
const profile = (competitors: string[]) => [
  { name: 'Agencies', description: 'Marketing agencies with a sales team of 5 to 50', competitors },
]

/** The answer of a post read with nothing kept from the call before: another post is scored first. */
function alone(input: ScoreInput) {
  scoreEmbedded({ content: UNRELATED, keyword: 'crm', icps: profile([]) })
  return scoreEmbedded(input)
}

/** The buyer probability (what triage decides on, unrounded) of a post read with nothing kept from the call before. */
function buyerAlone(input: ScoreInput) {
  const read = createRulesReader()
  read.buyer({ content: UNRELATED, keyword: 'crm', icps: profile([]) })
  return read.buyer(input)
}

describe('one post asked about by several teams in a row', () => {
  const teams: ScoreInput[] = [
    { content: POST, keyword: 'crm', icps: profile([]) },
    { content: POST, keyword: 'crm', icps: profile(['Pipedrive']) },
    { content: POST, keyword: 'crm', icps: profile(['HubSpot']) },
    { content: POST, keyword: 'crm', icps: profile(['Pipedrive', 'Close']) },
    { content: POST, keyword: 'deal tracking', icps: profile(['Pipedrive']) },
    { content: POST, keyword: 'crm', icps: [] },
  ]

  test('each team gets the answer the post read alone gets, whether or not it names a competitor the post names', () => {
    const expected = teams.map(alone)
    const buyers = teams.map(buyerAlone)
    // A team naming Pipedrive reads the post's "Pipedrive" as a rival: the words differ, and so does the model's buyer
    // probability (the answer, rounded, may not show it).
    expect(buyers[1]).not.toBe(buyers[0])
    const read = createRulesReader()
    expect(teams.map((input) => read.buyer(input))).toEqual(buyers)
    expect(teams.map((input) => read.answer(input))).toEqual(expected)
    expect(teams.map((input) => scoreEmbedded(input))).toEqual(expected)
    expect([...teams].reverse().map((input) => read.answer(input))).toEqual([...expected].reverse())
  })

  test('the kept word features and sums are the ones made afresh, and are made afresh when the post or the competitors change', () => {
    // What the model sums, written out plainly: each word's weights, then the facts'.
    const plainly = (m: Model, f: ReturnType<typeof features>) => {
      const z = new Float64Array(K)
      const v = textWeight(f.text.n)
      for (let i = 0; i < f.text.n; i++)
        for (let c = 0; c < K; c++) z[c] += v * (m.text[(f.text.buckets[i] as number) * K + c] as number)
      for (let j = 0; j < f.dense.length; j++)
        for (let c = 0; c < K; c++) z[c] += (f.dense[j] as number) * (m.dense[j * K + c] as number)
      return z
    }
    const m = embeddedModel(readPost((teams[0] as ScoreInput).content, undefined, undefined))
    const order = [
      teams[0],
      teams[1],
      teams[0],
      { ...(teams[0] as ScoreInput), content: UNRELATED },
      teams[2],
      teams[1],
    ]
    const buckets: number[][] = []
    for (const input of order as ScoreInput[]) {
      const f = features(readPost(input.content, input.keyword, input.context), input, m.bits, m.vocabulary)
      buckets.push([...f.text.buckets.subarray(0, f.text.n)])
      expect(logits(m, f)).toEqual(plainly(m, f))
    }
    // Naming Pipedrive as a competitor changes the post's words ("pipedrive" is read as a rival's name).
    expect(buckets[1]).not.toEqual(buckets[0])
    expect(buckets[2]).toEqual(buckets[0])
    expect(buckets[3]).not.toEqual(buckets[2])
    expect(buckets[5]).toEqual(buckets[1])
  })

  test('a reason is written only from the score the caller keeps; the score, intent and match stay the same', () => {
    const read = createRulesReader()
    for (const input of teams) {
      const full = read.answer(input)
      expect(full.reason.length).toBeGreaterThan(20)
      expect(read.answer(input, full.score)).toEqual(full)
      expect(read.answer(input, full.score + 0.1)).toEqual({ ...full, reason: '' })
      expect(read.answer(input)).toEqual(full)
    }
  })
})
