import { describe, expect, test } from 'bun:test'
import { scoreWithModel } from '../../../src/scorers/model/index'
import { scoreEmbedded } from '../../../src/scorers/rules/index'
import { createRulesPool } from '../../../src/scorers/rules/pool'
import type { ScoreInput } from '../../../src/scorers/types'

const ICPS = [{ name: 'Agencies', description: 'Marketing agencies with 10 to 50 people', competitors: ['HubSpot'] }]
const TEXTS = [
  'We are looking for a CRM for our 12-person agency, budget around $300/month. Any recommendations?',
  'Switching from HubSpot because it is way too expensive, is there a good CRM alternative?',
  'Our CRM is down again and support has not replied in three days.',
  'How do you export contacts from a CRM?',
  'We talked about our CRM over lunch.',
]

/** `n` inputs in the order polling sends them: each post asked about by a few teams in a row. */
function inputs(n: number): ScoreInput[] {
  return Array.from({ length: n }, (_, i) => ({
    content: `${TEXTS[Math.floor(i / 3) % TEXTS.length]} (${Math.floor(i / 3)})`,
    keyword: i % 3 === 1 ? 'CRM' : 'crm',
    icps: i % 3 === 2 ? [] : ICPS,
  }))
}

describe('the rules worker pool', () => {
  for (const size of [1, 2, 3]) {
    test(`${size} worker(s): each answer is the rules scorer's and each buyer probability the model's, in the order asked`, async () => {
      const pool = createRulesPool({ size })
      try {
        for (const n of [1, 7, 50]) {
          const batch = inputs(n)
          expect(await pool.score(batch)).toEqual(batch.map(scoreEmbedded))
          expect(await pool.buyers(batch)).toEqual(batch.map((input) => scoreWithModel(input).buyer))
        }
      } finally {
        pool.close()
      }
    })
  }

  test('an empty batch is answered without starting a worker', async () => {
    const pool = createRulesPool({ size: 2, workerUrl: 'file:///nonexistent/worker.ts' })
    expect(await pool.score([])).toEqual([])
    pool.close()
  })

  test('a worker that cannot start makes the batch fail (no hang), and the pool answers no more', async () => {
    const pool = createRulesPool({ size: 2, workerUrl: 'file:///nonexistent/worker.ts' })
    expect(pool.failed).toBe(false)
    await expect(pool.score(inputs(4))).rejects.toThrow(/embedded scorer worker stopped/)
    // What a long-lived owner (the streams) reads to make a new pool.
    expect(pool.failed).toBe(true)
    await expect(pool.score(inputs(1))).rejects.toThrow(/embedded scorer worker stopped/)
    pool.close()
  })

  test('a closed pool refuses new batches', async () => {
    const pool = createRulesPool({ size: 1 })
    expect(await pool.score(inputs(2))).toHaveLength(2)
    expect(pool.failed).toBe(false)
    pool.close()
    expect(pool.failed).toBe(true)
    await expect(pool.score(inputs(2))).rejects.toThrow(/closed/)
  })
})
