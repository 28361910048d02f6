// Word sense for a team without profiles (docs/scoring.md#word-sense): the caller's `context` and the keyword stand in
// for a profile, so a post that takes the keyword in another sense, or has nothing to do with what the team sells,
// is off topic, and a buyer of what it sells is a buyer.
import { describe, expect, test } from 'bun:test'
import { scoreWithModel } from '../../../src/scorers/model/index'
import { createRulesReader, createRulesScorer, scoreContent } from '../../../src/scorers/rules/index'
import type { ScoreInput } from '../../../src/scorers/types'

const CONTEXT = 'We sell a CRM for small agencies'
const SOURDOUGH =
  'Any tips on keeping a sourdough starter alive over the holidays? Mine smells like nail polish remover.'
const TRAFFIC = 'Traffic on the ring road was a nightmare again this morning, 90 minutes to go 12 km. Fed up.'
const BUYER = 'Budget just got approved for a new CRM, DMs open if you sell one'
const ask = (content: string, context?: string): ScoreInput => ({ content, keyword: 'crm', context, icps: [] })

describe('context decides word sense for a team without profiles', () => {
  test('with the context, the sourdough question and the traffic complaint are off topic and the buyer qualifies', async () => {
    const scorer = createRulesScorer()
    const never = new AbortController().signal
    for (const off of [SOURDOUGH, TRAFFIC]) {
      expect((await scorer.score(ask(off, CONTEXT), never)).score).toBeLessThan(3)
      // The rules alone, which had no profile to compare with, called neither off topic.
      expect(scoreContent(ask(off, CONTEXT)).score).toBeGreaterThanOrEqual(3)
    }
    const buyer = await scorer.score(ask(BUYER, CONTEXT), never)
    expect(buyer.score).toBeGreaterThanOrEqual(6)
    expect(['ACTIVE', 'COMPETITOR']).toContain(buyer.intent)
    expect(buyer.icpMatch).toBeNull()
  })

  test('polling (the workers read) answers as the score route does', () => {
    const read = createRulesReader()
    for (const post of [SOURDOUGH, TRAFFIC, BUYER]) {
      const { buyer: _, ...answer } = read(ask(post, CONTEXT))
      const { buyer: __, ...direct } = scoreWithModel(ask(post, CONTEXT))
      expect(answer).toEqual(direct)
    }
  })
})
