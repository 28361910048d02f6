/**
 * `npm run train`: trains the embedded model on data/training/ and writes its two sets of weights to
 * src/scorers/model/weights.bin (posts in English) and weights-other-languages.bin (docs/scoring.md#the-embedded-model).
 * Deterministic: the same corpus and settings give the same files, byte for byte (a test trains again and compares).
 *
 *   bun scripts/train/train.ts              train and write the weights
 *   bun scripts/train/train.ts --out DIR    write them to DIR instead
 *   bun scripts/train/train.ts --cv         also cross-validate (5 folds by market), score the posts of the
 *                                           held-out markets and files, and write
 *                                           data/training/cross-validation.json, which
 *                                           `npm run eval` prints
 */
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { parseModel, serializeModel } from '../../src/scorers/model/model'
import { type CorpusRow, heldOutFiles, readCorpus } from './corpus'
import { corpusHash, crossValidationReport } from './cv-report'
import { fitModels } from './fit'
import { CORPUS_DIR, CV_FILE, OTHER_LANGUAGES_WEIGHTS, WEIGHTS } from './paths'

/** Trains on the corpus's rows to train on and returns the two weights files' bytes. */
export function train(rows: readonly CorpusRow[]): { english: Uint8Array; otherLanguages: Uint8Array } {
  if (rows.length === 0) throw new Error(`no training rows in ${CORPUS_DIR}`)
  const models = fitModels(rows)
  return { english: serializeModel(models.english), otherLanguages: serializeModel(models.otherLanguages) }
}

if (import.meta.main) {
  const args = process.argv.slice(2)
  const outAt = args.indexOf('--out')
  const dir = outAt >= 0 ? resolve(args[outAt + 1] ?? '') : undefined
  const started = performance.now()
  const corpus = readCorpus()
  const { rows, skipped, heldOut, heldOutByFile } = corpus
  const weights = train(rows)
  for (const [path, bytes] of [
    [WEIGHTS, weights.english],
    [OTHER_LANGUAGES_WEIGHTS, weights.otherLanguages],
  ] as const) {
    const out = dir ? join(dir, basename(path)) : path
    writeFileSync(out, bytes)
    const sha = createHash('sha256').update(bytes).digest('hex')
    console.log(`train: ${(bytes.byteLength / 1e6).toFixed(2)} MB to ${out}, sha256 ${sha.slice(0, 16)}`)
  }
  const english = rows.filter((r) => !r.otherLanguagesOnly).length
  console.log(
    `train: ${rows.length} rows (${english} for English), ${skipped.length} skipped, ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  if (args.includes('--cv')) {
    const held = { markets: heldOut, files: heldOutByFile, fileCount: heldOutFiles().size }
    const models = { english: parseModel(weights.english), otherLanguages: parseModel(weights.otherLanguages) }
    const report = crossValidationReport(rows, held, models)
    writeFileSync(CV_FILE, `${JSON.stringify({ corpus: corpusHash(corpus), ...report }, null, 2)}\n`)
    console.log(JSON.stringify(report, null, 2))
  }
}
