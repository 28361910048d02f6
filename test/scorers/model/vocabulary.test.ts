// The weights read only the hashed features they met in training (src/scorers/model/vocabulary.ts,
// docs/model.md#the-embedded-model): a word the model never met brings no other word's weights with it.
import { describe, expect, test } from 'bun:test'
import { seeded } from '../../../scripts/train/seeded'
import { readIdentities } from '../../../src/scorers/model/feature-buffer'
import { features } from '../../../src/scorers/model/features'
import { embeddedModel, scoreWithModel } from '../../../src/scorers/model/index'
import type { Model } from '../../../src/scorers/model/model'
import { EVERY_FEATURE, knows, vocabularyOf } from '../../../src/scorers/model/vocabulary'
import { readPost } from '../../../src/scorers/rules/reading'
import type { ScoreInput } from '../../../src/scorers/types'

const icps = [{ name: 'Agencies', description: 'CRM for marketing agencies with a sales team of 5 to 50' }]
const POST = 'Our agency of 12 needs a CRM with a proper pipeline view, budget approved. What do you use?'
const english = embeddedModel(readPost(POST, 'crm', undefined))

describe('the vocabulary', () => {
  test('holds every identity put in, and passes under 2% of the others', () => {
    const random = seeded(7)
    const identity = () => Math.floor(random() * 2 ** 32) | 0
    const put = Array.from({ length: 20_000 }, identity)
    const v = vocabularyOf(put)
    expect(v.length).toBe(Math.ceil((20_000 * 12) / 32))
    expect(put.filter((h) => !knows(v, h))).toEqual([])
    const held = new Set(put)
    const others = Array.from({ length: 100_000 }, identity).filter((h) => !held.has(h))
    expect(others.filter((h) => knows(v, h)).length / others.length).toBeLessThan(0.02)
    // Weights trained without one read every feature.
    expect(knows(EVERY_FEATURE, 12345)).toBe(true)
  })

  test('a word the model never met weighs nothing: two made-up words, each at the end of a post, are answered alike', () => {
    const ask = (word: string, model: Model) =>
      scoreWithModel({ content: `${POST} ${word}`, keyword: 'crm', icps }, model)
    const [a, b] = ['zqxvrtplk', 'wybfjdgem'].map((w) => ask(w, english))
    expect(b?.score).toBe(a?.score as number)
    expect(b?.buyer).toBe(a?.buyer as number)
    // Read without the vocabulary, each word lands in a bucket other words trained, with their weights.
    const every = { ...english, vocabulary: EVERY_FEATURE }
    expect(ask('zqxvrtplk', every).buyer).not.toBe(ask('wybfjdgem', every).buyer)
  })

  test('training reads a post through the vocabulary as scoring does', () => {
    const posts = [
      POST,
      'crm as in crew resource management? passed mine today',
      'Leaving HubSpot, our crm bill doubled',
    ]
    for (const content of posts) {
      const input: ScoreInput = { content, keyword: 'crm', icps }
      const r = readPost(content, 'crm', undefined)
      const all = features(r, input, english.bits, EVERY_FEATURE).text
      const met = all.met.slice(0, all.metN)
      const scored = features(r, input, english.bits, english.vocabulary).text
      const asScored = [...scored.buckets.subarray(0, scored.n)]
      const trained = readIdentities(met, english.bits, english.vocabulary)
      expect([...trained.buckets.subarray(0, trained.n)]).toEqual(asScored)
      // Not every feature met is read: the post's own pairs of words are in no other post.
      expect(asScored.length).toBeLessThan(new Set(met).size)
    }
  })
})
