/** Where training reads and writes (docs/scoring.md#the-training-corpus). */
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const CORPUS_DIR = resolve(fileURLToPath(new URL('../../data/training', import.meta.url)))
export const WEIGHTS = resolve(fileURLToPath(new URL('../../src/scorers/model/weights.bin', import.meta.url)))
export const OTHER_LANGUAGES_WEIGHTS = resolve(
  fileURLToPath(new URL('../../src/scorers/model/weights-other-languages.bin', import.meta.url)),
)
export const CV_FILE = join(CORPUS_DIR, 'cross-validation.json')
