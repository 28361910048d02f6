import { afterEach, describe, expect, test } from 'bun:test'
import type { BatchItem, BatchOutcome } from '../../../src/domain/scoring/batch'
import { createRulesScorer } from '../../../src/scorers/rules/index'
import { createRulesPool } from '../../../src/scorers/rules/pool'
import type { ScoreResult } from '../../../src/scorers/types'
import { fakeOpenAi } from '../../support/fake-openai'
import { testDeps } from '../../support/deps'

const running: { stop(): void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop()
})

const items = (n: number): BatchItem[] =>
  Array.from({ length: n }, (_, i) => ({
    teamId: 'team',
    platform: 'hackernews',
    input: {
      content: i % 2 ? `Can anyone recommend a CRM for a team of five? (${i})` : `Lunch was nice (${i}).`,
      keyword: 'crm',
      icps: [],
    },
  }))
const NOT_STOPPED = new AbortController().signal
/** An outcome without the name of the scorer that answered (the service adds it in this thread, workers do not). */
const plain = (o: unknown) => {
  if (typeof o !== 'object' || o === null) return o
  const { scoredBy: _, ...rest } = o as Record<string, unknown>
  return rest
}

// Triage off unless asked: these tests are about what happens to every post the model is asked about.
async function modelDeps(fallback: 'none' | 'rules', triage: 'none' | 'rules' = 'none') {
  const model = fakeOpenAi()
  running.push(model)
  const { deps } = await testDeps({
    config: { scorer: { backend: 'openai', fallback, triage, concurrency: 1, openai: { base_url: model.baseUrl } } },
  })
  return { deps, model }
}

describe('scoring many posts in a row (scoreMany)', () => {
  test('the rules scorer answers on worker threads, with what it answers in this thread', async () => {
    const { deps } = await testDeps()
    const batch = deps.scoring.batch()
    try {
      const outcomes = await batch.scoreMany(items(6), NOT_STOPPED)
      const inThread = await Promise.all(items(6).map((i) => deps.scoring.score(i.teamId, i.input)))
      expect(outcomes.map(plain)).toEqual(inThread.map(plain))
    } finally {
      batch.close()
    }
  })

  test('a pool that cannot start: the same answers, scored in this thread', async () => {
    const { deps } = await testDeps()
    const broken = createRulesPool({ size: 2, workerUrl: 'file:///nonexistent/worker.ts' })
    const viaBroken = await deps.scoring.batch({ rulesPool: broken }).scoreMany(items(6), NOT_STOPPED)
    broken.close()
    const batch = deps.scoring.batch()
    expect(viaBroken.map(plain)).toEqual((await batch.scoreMany(items(6), NOT_STOPPED)).map(plain))
    batch.close()
  })

  test('a model that is down (fallback "none") is asked once: that post failed, the rest are not asked', async () => {
    const { deps, model } = await modelDeps('none')
    model.fail(true)
    const batch = deps.scoring.batch()
    expect(await batch.scoreMany(items(4), NOT_STOPPED)).toEqual(['failed', 'skipped', 'skipped', 'skipped'])
    expect(batch.unavailable()).toBe(true)
    expect(model.calls()).toBe(1)
    expect(await batch.scoreMany(items(2), NOT_STOPPED)).toEqual(['skipped', 'skipped'])
    expect(model.calls()).toBe(1)
  })

  test('with fallback "rules" a model that is down is answered by the rules scorer', async () => {
    const { deps, model } = await modelDeps('rules')
    model.fail(true)
    const batch = deps.scoring.batch()
    const outcomes = await batch.scoreMany(items(2), NOT_STOPPED)
    const embedded = createRulesScorer()
    const answers = await Promise.all(items(2).map((i) => embedded.score(i.input, NOT_STOPPED)))
    const read = (o: BatchOutcome | ScoreResult) => (typeof o === 'string' ? o : [o.intent, o.score, o.icpMatch])
    expect(outcomes.map(read)).toEqual(answers.map(read))
    for (const o of outcomes)
      expect(typeof o !== 'string' && o.reason).toEndWith('the OpenAI-compatible server could not answer)')
    expect(model.calls()).toBe(2)
    expect(batch.unavailable()).toBe(false)
  })

  test.each([
    ['on worker threads', undefined],
    ['in this thread, when the pool cannot start', 'file:///nonexistent/worker.ts'],
  ])(
    'with triage (%s), the model is asked only about the posts the rules score at the threshold or above',
    async (_, workerUrl) => {
      const { deps, model } = await modelDeps('none', 'rules')
      const pool = workerUrl ? createRulesPool({ size: 2, workerUrl }) : undefined
      const batch = deps.scoring.batch({ rulesPool: pool })
      try {
        const outcomes = await batch.scoreMany(items(4), NOT_STOPPED)
        // The lunch posts (even) are mentions without the keyword, below the threshold; the CRM questions (odd) above
        // it.
        expect(outcomes.map((o) => (typeof o === 'string' ? o : o.scoredBy))).toEqual([
          'triaged',
          'openai',
          'triaged',
          'openai',
        ])
        expect(model.calls()).toBe(2)
        expect(model.prompts.every((p) => p.includes('recommend a CRM'))).toBe(true)
      } finally {
        batch.close()
        pool?.close()
      }
    },
  )

  test('a caller that stops waiting leaves every post not answered yet skipped, not failed', async () => {
    const { deps, model } = await modelDeps('none')
    model.slow(2000)
    const stop = new AbortController()
    const pending = deps.scoring.batch().scoreMany(items(3), stop.signal)
    while (model.calls() < 1) await Bun.sleep(5)
    stop.abort()
    expect(await pending).toEqual(['skipped', 'skipped', 'skipped'])
  })
})
