// What `npm run eval` prints of the embedded model's recorded cross-validation (scripts/eval/cross-validation.ts,
// docs/model.md#the-training-corpus): the record is current for the corpus, and the held-out markets' and files'
// figures follow the cross-validation's; a record from another corpus is marked stale.
import { describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { formatCrossValidation } from '../../scripts/eval/cross-validation'
import { readCorpus } from '../../scripts/train/corpus'
import { heldOutFiles, heldOutMarkets } from '../../scripts/train/corpus-lists'
import { CV_FILE } from '../../scripts/train/paths'

describe('the recorded cross-validation in the evaluation report', () => {
  test('is current, and gives the held-out markets with their posts and figures per view', () => {
    const recorded = JSON.parse(readFileSync(CV_FILE, 'utf8'))
    const { heldOut } = readCorpus()
    const text = formatCrossValidation()
    expect(text).not.toContain('STALE')
    expect(recorded.heldOutMarkets).toMatchObject({ rows: heldOut.length, markets: heldOutMarkets().size })
    const block = text.slice(text.indexOf('the model trained on the whole corpus'))
    expect(block).toContain(`${heldOutMarkets().size} markets kept out of training (${heldOut.length} posts`)
    expect(block).toContain(
      `ICP as the profile: macro-F1 ${recorded.heldOutMarkets.profile.macroF1.toFixed(3)}, buyer recall ${recorded.heldOutMarkets.profile.buyerRecall.toFixed(3)}`,
    )
    expect(block.split('\n').filter((l) => l.includes('macro-F1'))).toHaveLength(4)
  })

  test('gives the held-out files with their posts and figures per view', () => {
    const recorded = JSON.parse(readFileSync(CV_FILE, 'utf8'))
    const { heldOutByFile } = readCorpus()
    expect(recorded.heldOutFiles).toMatchObject({ rows: heldOutByFile.length, files: heldOutFiles().size })
    const text = formatCrossValidation()
    const block = text.slice(text.indexOf('the same model on the posts of'))
    expect(block).toContain(`${heldOutFiles().size} files kept out of training (${heldOutByFile.length} posts`)
    expect(block).toContain(
      `the keyword alone: buyer recall ${recorded.heldOutFiles.keyword.buyerRecall.toFixed(3)}, off-topic qualified ${(recorded.heldOutFiles.keyword.offTopicQualified * 100).toFixed(1)}%`,
    )
    expect(block.split('\n').filter((l) => l.includes('buyer recall'))).toHaveLength(4)
  })

  test('a record made from another corpus is marked stale', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cv-'))
    try {
      const other = join(dir, 'cross-validation.json')
      writeFileSync(other, JSON.stringify({ ...JSON.parse(readFileSync(CV_FILE, 'utf8')), corpus: '0000000000000000' }))
      expect(formatCrossValidation(other)).toContain('STALE: the corpus changed since')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
