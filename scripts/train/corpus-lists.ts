/**
 * The list files of the training corpus (data/training/*.txt): which rows and files are left out of training, and
 * which files train only some of the sets of weights (docs/scoring.md#the-training-corpus).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CORPUS_DIR } from './paths'

/**
 * Rows left out of training, one id a line (`#` starts a comment): those the overlap check found sharing a run of 8
 * words with the evaluation data (test/scripts/train-corpus.test.ts). The writers' files are kept as written.
 */
export const EXCLUDED_FILE = 'excluded.txt'

export function excludedIds(dir = CORPUS_DIR): Set<string> {
  return new Set(listed(dir, EXCLUDED_FILE))
}

/**
 * Markets kept out of training, one a line in lower case (`#` starts a comment): their posts measure how the model
 * reads markets it never saw (`npm run train -- --cv` records the figures; docs/scoring.md#the-training-corpus).
 */
export const HELD_OUT_FILE = 'held-out-markets.txt'

export function heldOutMarkets(dir = CORPUS_DIR): Set<string> {
  return new Set(listed(dir, HELD_OUT_FILE).map((m) => m.toLowerCase()))
}

/**
 * Files whose posts are kept out of training, one file name a line (`#` starts a comment): posts written to test one
 * weakness (docs/scoring.md#the-training-corpus), or for a candidate model not yet measured against the evaluation.
 */
export const HELD_OUT_FILES = 'held-out-files.txt'

export function heldOutFiles(dir = CORPUS_DIR): Set<string> {
  return new Set(listed(dir, HELD_OUT_FILES))
}

/**
 * Files trained on only by the weights that answer posts in other languages (and by those for other scripts), one file
 * name a line (`#` starts a comment): posts mostly in other languages, which cost the English weights buyers of their
 * own (docs/scoring.md#the-embedded-model).
 */
export const OTHER_LANGUAGES_FILES = 'other-languages-files.txt'

export function otherLanguagesFiles(dir = CORPUS_DIR): Set<string> {
  return new Set(listed(dir, OTHER_LANGUAGES_FILES))
}

/**
 * Files trained on only by the weights that answer posts in Japanese and other scripts, one file name a line (`#`
 * starts a comment): posts in those scripts (and Czech), which cost the weights for other languages buyers in the
 * languages they share
 * (docs/scoring.md#the-embedded-model).
 */
export const OTHER_SCRIPTS_FILES = 'other-scripts-files.txt'

export function otherScriptsFiles(dir = CORPUS_DIR): Set<string> {
  return new Set(listed(dir, OTHER_SCRIPTS_FILES))
}

/** The entries of a list file of the corpus, one a line, `#` starting a comment; none when there is no such file. */
function listed(dir: string, file: string): string[] {
  const path = join(dir, file)
  if (!existsSync(path)) return []
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((l) => (l.split('#')[0] ?? '').trim())
    .filter(Boolean)
}
