/**
 * How the embedded model reads the test files, as docs/performance.md quotes it: with the seller's ICP as the team's
 * profile, per language, the off-topic posts qualified (a score of 6 or more), the buyers (ACTIVE, COMPETITOR, PAIN)
 * found with 6 or more, the other posts on topic (QUESTION, MENTION: a vendor's offer is one) qualified, and the posts
 * the English weights answer (docs/scoring.md#the-embedded-model).
 *
 *   bun scripts/train/test-sets.ts                       each held-out file (held-out-files.txt), a line each
 *   bun scripts/train/test-sets.ts FILE...               these files together, a line a language
 *   bun scripts/train/test-sets.ts --weights DIR FILE... with the weights `npm run train -- --out DIR` wrote
 */
import { readFileSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { judgeWithModel, type Models, modelFor, readAsked } from '../../src/scorers/model/index'
import { parseModel } from '../../src/scorers/model/model'
import { asProfileInput, type CorpusRow, readRows } from './corpus'
import { heldOutFiles } from './corpus-lists'
import { BUYER, QUALIFY } from './cv'
import { CORPUS_DIR, WEIGHTS_FILES } from './paths'
import { bySet } from './weight-sets'

export type TestSetCounts = {
  posts: number
  offTopic: number
  offQualified: number
  buyers: number
  buyersFound: number
  others: number
  othersQualified: number
  english: number
}

const empty = (): TestSetCounts => ({
  posts: 0,
  offTopic: 0,
  offQualified: 0,
  buyers: 0,
  buyersFound: 0,
  others: 0,
  othersQualified: 0,
  english: 0,
})

/** The counts of `rows` as a team with the seller's ICP as its profile is answered, all together and per language. */
export function testSetCounts(
  rows: readonly CorpusRow[],
  models: Models,
): { all: TestSetCounts; byLang: Map<string, TestSetCounts> } {
  const all = empty()
  const byLang = new Map<string, TestSetCounts>()
  for (const row of rows) {
    const { reading, input } = readAsked(asProfileInput(row))
    const qualified = judgeWithModel(reading, input, modelFor(reading, models)).score >= QUALIFY
    const lang = byLang.get(row.lang) ?? empty()
    byLang.set(row.lang, lang)
    for (const c of [all, lang]) {
      c.posts++
      if (reading.words.english) c.english++
      if (row.label === 'NONE') {
        c.offTopic++
        if (qualified) c.offQualified++
      } else if (BUYER.has(row.label)) {
        c.buyers++
        if (qualified) c.buyersFound++
      } else {
        c.others++
        if (qualified) c.othersQualified++
      }
    }
  }
  return { all, byLang }
}

const line = (name: string, c: TestSetCounts) =>
  `${name.padEnd(40)} ${String(c.posts).padStart(5)} posts  off topic ${c.offQualified} of ${c.offTopic}  ` +
  `buyers ${c.buyersFound} of ${c.buyers}  others ${c.othersQualified} of ${c.others}  English weights ${c.english}`

if (import.meta.main) {
  const args = process.argv.slice(2)
  const at = args.indexOf('--weights')
  const dir = at >= 0 ? resolve(args.splice(at, 2)[1] ?? '') : undefined
  const load = (path: string) => parseModel(new Uint8Array(readFileSync(dir ? join(dir, basename(path)) : path)))
  const models = bySet((set) => load(WEIGHTS_FILES[set]))
  if (args.length === 0) {
    for (const file of [...heldOutFiles()].sort())
      console.log(line(file, testSetCounts(readRows(join(CORPUS_DIR, file)), models).all))
  } else {
    const { all, byLang } = testSetCounts(
      args.flatMap((f) => readRows(resolve(f))),
      models,
    )
    for (const [lang, c] of [...byLang].sort()) console.log(line(lang || '(none)', c))
    console.log(line('all', all))
  }
}
