// Word sense for a team without profiles (docs/model.md#word-sense): the caller's `context` and the keyword stand in
// for a profile in the embedded model, so that triage (docs/scoring.md#triage) sends a buyer of what the team sells on
// to the model and keeps back a post that has nothing to do with it, and the embedded scorer answers it off topic, in
// polling (the workers' reader) as in a call.
import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../../src/config/load'
import type { Logger } from '../../../src/lib/log'
import { createTriage } from '../../../src/domain/scoring/triage'
import { scoreWithModel } from '../../../src/scorers/model/index'
import { createRulesReader, createRulesScorer, scoreContent } from '../../../src/scorers/rules/index'
import type { ScoreInput } from '../../../src/scorers/types'

const CONTEXT = 'We sell a CRM for small agencies'
const SOURDOUGH =
  'Any tips on keeping a sourdough starter alive over the holidays? Mine smells like nail polish remover.'
const TRAFFIC = 'Traffic on the ring road was a nightmare again this morning, 90 minutes to go 12 km. Fed up.'
const BUYER = 'Budget just got approved for a new CRM, DMs open if you sell one'
const ask = (content: string, context?: string): ScoreInput => ({ content, keyword: 'crm', context, icps: [] })
const MIN_BUYER = loadConfig({ env: {} }).scorer.triage_min_buyer
const log: Logger = { info() {}, warn() {}, error() {} }

describe('context decides word sense for a team without profiles', () => {
  test('with the context, triage keeps back the sourdough question and the traffic complaint and sends the buyer on', async () => {
    const triage = createTriage({ minBuyer: MIN_BUYER, log })
    const posts = [SOURDOUGH, TRAFFIC, BUYER]
    expect(await triage.sendsOn(posts.map((p) => ask(p, CONTEXT)))).toEqual([false, false, true])
    for (const off of [SOURDOUGH, TRAFFIC]) {
      expect(scoreWithModel(ask(off, CONTEXT)).buyer).toBeLessThan(0.05)
      // The rules alone, which have no profile to compare with, call neither off topic.
      expect(scoreContent(ask(off, CONTEXT)).score).toBeGreaterThanOrEqual(3)
    }
  })

  test('polling (the workers read) answers as a call: the context decides word sense', async () => {
    const read = createRulesReader()
    const scorer = createRulesScorer()
    for (const post of [SOURDOUGH, TRAFFIC, BUYER]) {
      const called = await scorer.score(ask(post, CONTEXT), new AbortController().signal)
      expect(read.answer(ask(post, CONTEXT))).toEqual(called)
      expect(called.score < 3).toBe(post !== BUYER)
      expect(called.icpMatch).toBeNull()
    }
  })

  test('with the keyword alone (polling and searches of a team without profiles), the keyword in another sense is off topic and a plain buyer is not', () => {
    const read = createRulesReader()
    const tickets = 'Anyone selling two Taylor Swift tickets for Saturday? Will pay face value.'
    expect(read.answer({ content: tickets, keyword: 'tickets', icps: [] }).score).toBeLessThan(3)
    // The stand-in is one word here, and a short buying post is where the model doubts most: it is kept out of the
    // off-topic band, not always qualified (docs/model.md#the-choice).
    const invoicing = 'Looking for a good invoicing app for freelancers'
    expect(read.answer({ content: invoicing, keyword: 'invoicing', icps: [] }).score).toBeGreaterThanOrEqual(4)
    const plain = 'Can anyone recommend a CRM for a team of five?'
    expect(read.answer({ content: plain, keyword: 'crm', icps: [] }).score).toBeGreaterThanOrEqual(4)
    const budget = 'Looking for an invoicing app for my freelance studio, budget is $30 a month, need it this week'
    expect(read.answer({ content: budget, keyword: 'invoicing', icps: [] }).score).toBeGreaterThanOrEqual(6)
  })

  test('polling (the workers read) gives the buyer probability a call gets', () => {
    const read = createRulesReader()
    for (const post of [SOURDOUGH, TRAFFIC, BUYER])
      expect(read.buyer(ask(post, CONTEXT))).toBe(scoreWithModel(ask(post, CONTEXT)).buyer)
  })

  test('a post without the keyword is off topic, its reason naming what it was judged against', () => {
    const read = createRulesReader()
    const noKeyword = TRAFFIC
    const withContext = read.answer(ask(noKeyword, CONTEXT))
    expect(withContext.score).toBeLessThan(3)
    expect(withContext.reason).toContain('too little in common with what the team sells')
    const profiles = [{ name: 'Agencies', description: 'Small agencies that need a CRM' }]
    const withProfiles = read.answer({ content: noKeyword, keyword: 'crm', icps: profiles })
    expect(withProfiles.score).toBeLessThan(3)
    expect(withProfiles.reason).toContain("too little in common with the team's profiles or their market")
  })
})
