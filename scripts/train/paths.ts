/** Where training reads and writes (docs/scoring.md#the-training-corpus). */
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { WeightSet } from '../../src/scorers/model/index'

export const CORPUS_DIR = resolve(fileURLToPath(new URL('../../data/training', import.meta.url)))
const weightsFile = (name: string) =>
  resolve(fileURLToPath(new URL(`../../src/scorers/model/${name}`, import.meta.url)))
/** Each set of weights' file (src/scorers/model/index.ts). */
export const WEIGHTS_FILES: Record<WeightSet, string> = {
  english: weightsFile('weights.bin'),
  otherLanguages: weightsFile('weights-other-languages.bin'),
  otherScripts: weightsFile('weights-other-scripts.bin'),
}
export const CV_FILE = join(CORPUS_DIR, 'cross-validation.json')
