// Where the model's answer lands when it is not a buyer (docs/model.md#the-embedded-model): off topic only when that
// class holds more than half the probability, and questions and mentions on one scale, 3 to 5.9, by how near the post
// comes to a buyer. And the first hour's plain buying post with a one-word keyword is a lead.
import { describe, expect, test } from 'bun:test'
import { answer } from '../../../src/scorers/model/answer'
import { features } from '../../../src/scorers/model/features'
import { embeddedModel, scoreWithModel } from '../../../src/scorers/model/index'
import { readPost } from '../../../src/scorers/rules/reading'
import type { ScoreInput } from '../../../src/scorers/types'

const input: ScoreInput = {
  content: 'Anyone here moved their sales pipeline off spreadsheets?',
  keyword: 'pipeline',
  icps: [{ name: 'Agencies', description: 'Small agencies that need a CRM' }],
}
const read = readPost(input.content, input.keyword, input.context)
const model = embeddedModel(read)
const f = features(read, input, model.bits, model.vocabulary)

/** The answer to made-up probabilities of ACTIVE, COMPETITOR, PAIN, QUESTION, MENTION and off topic. */
const answerTo = (p: number[]) => answer(model, f, read, Float64Array.from(p))

describe('where a post that is not a buyer lands', () => {
  test('off topic only when likelier than on topic at all', () => {
    expect(answerTo([0.1, 0.05, 0.05, 0.1, 0.1, 0.6]).score).toBeLessThan(3)
    // Off topic outweighs the questions and mentions together and the buyer, but not all of them: on topic, in view.
    const unsure = answerTo([0.2, 0.05, 0.05, 0.1, 0.1, 0.45])
    expect(unsure.score).toBeGreaterThanOrEqual(3)
    expect(unsure.score).toBeLessThan(6)
    expect(unsure.intent).toBe('QUESTION')
  })

  test('questions and mentions rise together with the buyer probability, from 3', () => {
    const howTo = answerTo([0, 0, 0, 0.9, 0.1, 0])
    expect(howTo).toMatchObject({ intent: 'QUESTION', score: 3 })
    const nearBuyer = answerTo([0.3, 0.05, 0.05, 0.1, 0.45, 0.05])
    expect(nearBuyer.intent).toBe('MENTION')
    expect(nearBuyer.score).toBeGreaterThan(answerTo([0.1, 0, 0, 0.8, 0.05, 0.05]).score)
    expect(nearBuyer.score).toBeLessThan(6)
  })

  test('a buyer is still scored from 6', () => {
    expect(answerTo([0.7, 0.05, 0.05, 0.1, 0.05, 0.05]).score).toBeGreaterThanOrEqual(6)
  })
})

describe('a plain buying post whose only word of the market is the keyword', () => {
  const post = 'Recommend me a CRM please'
  test('is a lead with a profile and with the keyword alone', () => {
    const profile = [{ name: 'ICP', description: 'We sell a CRM to small B2B teams' }]
    for (const icps of [profile, []]) {
      const a = scoreWithModel({ content: post, keyword: 'crm', icps })
      expect(a.intent).toBe('ACTIVE')
      expect(a.score).toBeGreaterThanOrEqual(6)
    }
  })
})

describe('the profile a lead names', () => {
  const post = 'Recommend me a CRM please'
  const crm = { name: 'Small B2B teams', description: 'We sell a CRM to small B2B teams' }
  const answerFor = (icps: ScoreInput['icps'], p: number[]) => {
    const read = readPost(post, 'crm', undefined)
    const f = features(read, { content: post, keyword: 'crm', icps }, model.bits, model.vocabulary)
    return answer(model, f, read, Float64Array.from(p))
  }
  const buyer = [0.8, 0.05, 0.05, 0.05, 0.05, 0]
  const question = [0, 0, 0, 0.8, 0.2, 0]

  test('a buyer names the one profile sharing a word with it, under the overlap a match needs', () => {
    expect(scoreWithModel({ content: post, keyword: 'crm', icps: [crm] }).icpMatch).toBe('Small B2B teams')
    const dental = { name: 'Dental clinics', description: 'Clinics booking their patients' }
    expect(answerFor([dental, crm], buyer).icpMatch).toBe('Small B2B teams')
  })

  test('no profile when two share as much, none shares a word, or the post is no buyer', () => {
    const agencies = { name: 'Agencies', description: 'A CRM for marketing agencies' }
    expect(answerFor([crm, agencies], buyer).icpMatch).toBeNull()
    expect(
      answerFor([{ name: 'Dental clinics', description: 'Clinics booking their patients' }], buyer).icpMatch,
    ).toBeNull()
    expect(answerFor([crm], question).icpMatch).toBeNull()
  })
})
