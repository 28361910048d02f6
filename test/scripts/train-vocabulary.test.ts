// A set of weights learns to read the hashed features met in at least two of its rows, a row counted once however
// many ways it is asked about (scripts/train/vocabulary.ts).
import { expect, test } from 'bun:test'
import type { Example } from '../../scripts/train/examples'
import { learnVocabulary } from '../../scripts/train/vocabulary'
import { knows } from '../../src/scorers/model/vocabulary'

const asked = (met: number[]): Example => ({
  met: Int32Array.from(met),
  dense: new Float64Array(1),
  label: 0,
  sure: true,
})

test('identities met in two rows are read; those of one row, even met in several of its views, are not', () => {
  const rows = [[asked([1, 2, 3]), asked([1, 2])], [asked([2, 4])], [asked([4, 5])]]
  const v = learnVocabulary(rows)
  expect([1, 2, 3, 4, 5].map((h) => knows(v, h))).toEqual([false, true, false, true, false])
})
