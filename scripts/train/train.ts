/**
 * `npm run train`: trains the embedded model on data/training/ and writes its sets of weights to src/scorers/model/:
 * weights.bin (posts in English), weights-other-languages.bin and weights-other-scripts.bin
 * (docs/scoring.md#the-embedded-model).
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
import { WEIGHT_SETS, type WeightSet } from '../../src/scorers/model/index'
import { parseModel, serializeModel } from '../../src/scorers/model/model'
import { type CorpusRow, readCorpus } from './corpus'
import { heldOutFiles } from './corpus-lists'
import { corpusHash, crossValidationReport } from './cv-report'
import { bySet, fitModels, setSettings } from './weight-sets'
import { CORPUS_DIR, CV_FILE, WEIGHTS_FILES } from './paths'

/** Trains on the corpus's rows to train on and returns each weights file's bytes. */
export function train(rows: readonly CorpusRow[]): Record<WeightSet, Uint8Array> {
  if (rows.length === 0) throw new Error(`no training rows in ${CORPUS_DIR}`)
  const models = fitModels(rows)
  return bySet((set) => serializeModel(models[set]))
}

if (import.meta.main) {
  const args = process.argv.slice(2)
  const outAt = args.indexOf('--out')
  const dir = outAt >= 0 ? resolve(args[outAt + 1] ?? '') : undefined
  const started = performance.now()
  const corpus = readCorpus()
  const { rows, skipped, heldOut, heldOutByFile } = corpus
  const weights = train(rows)
  for (const set of WEIGHT_SETS) {
    const [path, bytes] = [WEIGHTS_FILES[set], weights[set]]
    const out = dir ? join(dir, basename(path)) : path
    writeFileSync(out, bytes)
    const sha = createHash('sha256').update(bytes).digest('hex')
    console.log(`train: ${(bytes.byteLength / 1e6).toFixed(2)} MB to ${out}, sha256 ${sha.slice(0, 16)}`)
  }
  const sets = setSettings()
  const english = rows.filter(sets.english.trains).length
  const otherScriptsOnly = rows.filter((r) => !sets.otherLanguages.trains(r)).length
  console.log(
    `train: ${rows.length} rows (${english} for English, ${otherScriptsOnly} for other scripts only), ` +
      `${skipped.length} skipped, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  if (args.includes('--cv')) {
    const held = { markets: heldOut, files: heldOutByFile, fileCount: heldOutFiles().size }
    const models = bySet((set) => parseModel(weights[set]))
    const report = crossValidationReport(rows, held, models)
    writeFileSync(CV_FILE, `${JSON.stringify({ corpus: corpusHash(corpus), ...report }, null, 2)}\n`)
    console.log(JSON.stringify(report, null, 2))
  }
}
