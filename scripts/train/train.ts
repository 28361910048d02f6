/**
 * `npm run train`: trains the embedded model on data/training/ and writes its weights to
 * src/scorers/model/weights.bin (docs/scoring.md#the-embedded-model). Deterministic: the same corpus and settings
 * give the same file, byte for byte (a test trains again and compares).
 *
 *   bun scripts/train/train.ts              train and write the weights
 *   bun scripts/train/train.ts --out FILE   write them elsewhere
 *   bun scripts/train/train.ts --cv         also cross-validate (5 folds by market), score the posts of the
 *                                           held-out markets and files, and write
 *                                           data/training/cross-validation.json, which
 *                                           `npm run eval` prints
 */
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseModel, serializeModel } from '../../src/scorers/model/model'
import { type CorpusRow, heldOutFiles, readCorpus } from './corpus'
import { corpusHash, crossValidationReport } from './cv-report'
import { crossExamples, examplesOf, fit, SETTINGS } from './fit'
import { CORPUS_DIR, CV_FILE, WEIGHTS } from './paths'

/** Trains on the corpus's rows to train on and returns the weights file's bytes. */
export function train(rows: readonly CorpusRow[]): Uint8Array {
  if (rows.length === 0) throw new Error(`no training rows in ${CORPUS_DIR}`)
  return serializeModel(fit([...rows.flatMap(examplesOf), ...crossExamples(rows, SETTINGS.seed)], SETTINGS))
}

if (import.meta.main) {
  const args = process.argv.slice(2)
  const outAt = args.indexOf('--out')
  const out = outAt >= 0 ? resolve(args[outAt + 1] ?? '') : WEIGHTS
  const started = performance.now()
  const corpus = readCorpus()
  const { rows, skipped, heldOut, heldOutByFile } = corpus
  const bytes = train(rows)
  writeFileSync(out, bytes)
  const sha = createHash('sha256').update(bytes).digest('hex')
  console.log(
    `train: ${rows.length} rows (${skipped.length} skipped), ${(bytes.byteLength / 1e6).toFixed(2)} MB to ${out}, ` +
      `sha256 ${sha.slice(0, 16)}, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  if (args.includes('--cv')) {
    const held = { markets: heldOut, files: heldOutByFile, fileCount: heldOutFiles().size }
    const report = crossValidationReport(rows, held, parseModel(bytes))
    writeFileSync(CV_FILE, `${JSON.stringify({ corpus: corpusHash(corpus), ...report }, null, 2)}\n`)
    console.log(JSON.stringify(report, null, 2))
  }
}
