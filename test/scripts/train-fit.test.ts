// Training keeps the mean of several fits, each in its own order (scripts/train/fit.ts,
// docs/model.md#the-embedded-model): one order alone moves a short post's buyer probability by up to 0.15.
import { describe, expect, test } from 'bun:test'
import type { CorpusRow } from '../../scripts/train/corpus'
import { examplesOf } from '../../scripts/train/examples'
import { fit, SETTINGS } from '../../scripts/train/fit'
import { EVERY_FEATURE } from '../../src/scorers/model/vocabulary'

const POSTS: [string, CorpusRow['label']][] = [
  ['Our agency needs a CRM this month, budget approved, who do you use?', 'ACTIVE'],
  ['Leaving HubSpot for our CRM, the renewal doubled and support went quiet.', 'COMPETITOR'],
  ['Client notes live in five spreadsheets and we keep losing follow-ups, our crm is a mess.', 'PAIN'],
  ['How do you all structure pipeline stages in a CRM for a services business?', 'QUESTION'],
  ['Wrote up how we migrated our CRM data last year, happy to share the checklist.', 'MENTION'],
  ['CRM as in the crew resource management course for pilots? Passed mine today!', 'NONE'],
]
const ROWS: CorpusRow[] = POSTS.map(([content, label], i) => ({
  id: `t-${i + 1}`,
  platform: 'reddit',
  keyword: 'crm',
  icp: 'We sell a CRM to small agencies',
  competitors: ['HubSpot'],
  content,
  label,
  lang: 'en',
  market: 'crm for small agencies',
}))
const EXAMPLES = ROWS.flatMap((r) => examplesOf(r))
const QUICK = { ...SETTINGS, epochs: 2 }

describe('fitting the embedded model', () => {
  test('with several runs, the weights are the mean of the runs with seeds seed, seed + 1, ...', () => {
    const first = fit(EXAMPLES, EVERY_FEATURE, { ...QUICK, runs: 1 })
    const second = fit(EXAMPLES, EVERY_FEATURE, { ...QUICK, runs: 1, seed: QUICK.seed + 1 })
    const mean = fit(EXAMPLES, EVERY_FEATURE, { ...QUICK, runs: 2 })
    let differ = 0
    let off = 0
    for (let i = 0; i < mean.text.length; i++) {
      const a = first.text[i] as number
      const b = second.text[i] as number
      if (a !== b) differ++
      off = Math.max(off, Math.abs((mean.text[i] as number) - (a + b) / 2))
    }
    for (let i = 0; i < mean.dense.length; i++)
      off = Math.max(
        off,
        Math.abs((mean.dense[i] as number) - ((first.dense[i] as number) + (second.dense[i] as number)) / 2),
      )
    // The order matters, or there would be nothing to average.
    expect(differ).toBeGreaterThan(0)
    // Each run's weights are stored as 32-bit floats, the mean of the 64-bit ones: they agree to float precision.
    expect(off).toBeLessThan(1e-5)
    expect(mean.buyerAt).toBe(QUICK.buyerAt)
  })
})
