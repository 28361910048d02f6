/**
 * The corpus rows as training examples (docs/scoring.md#the-embedded-model): each row as polling asks about it (the
 * seller's ICP as the team's profile), as the score route asks for a team without profiles (the ICP as `context`), as
 * polling asks for a team without profiles (the keyword alone), as the score route may ask without a keyword (the
 * profile alone), and, for on-topic rows, with nothing beside the text (as the complaints file is scored); and rows
 * shown as off topic to a seller of another market (crossExamples).
 */
import { readAsSpelled, withSpelling } from '../../src/scorers/rules/keyword-spelling'
import { readIdentities } from '../../src/scorers/model/feature-buffer'
import { MIN_BUCKET_BITS } from '../../src/scorers/model/text-features'
import { features } from '../../src/scorers/model/features'
import { textWeight } from '../../src/scorers/model/model'
import { EVERY_FEATURE, type Vocabulary } from '../../src/scorers/model/vocabulary'
import type { ScoreInput } from '../../src/scorers/types'
import {
  asBareInput,
  asContextInput,
  asKeywordInput,
  asProfileInput,
  asUnfoundInput,
  type CorpusRow,
  LABELS,
} from './corpus'
import type { Read } from './fit-once'
import { seeded } from './seeded'

/**
 * `met`: the identities of the post's hashed features, which each model reads through its own vocabulary
 * (vocabulary.ts); `sure`: whether an off-topic label is as sure as the seller's profile makes it (fit.ts#Settings,
 * offWeight).
 */
export type Example = { met: Int32Array; dense: Float64Array; label: number; sure: boolean }

function example(input: ScoreInput, label: number, sure = true): Example {
  // The identities do not depend on the buckets: every set of weights reads the same ones (readThrough).
  const spelled = readAsSpelled(input.content, input.keyword, input.context)
  const f = features(spelled.reading, withSpelling(input, spelled), MIN_BUCKET_BITS, EVERY_FEATURE)
  return { met: f.text.met.slice(0, f.text.metN), dense: f.dense, label, sure }
}

/** An example as one set of weights reads it, through its buckets and vocabulary. */
export function readThrough(e: Example, bits: number, vocabulary: Vocabulary): Read {
  const { buckets, n } = readIdentities(e.met, bits, vocabulary)
  return { buckets: buckets.slice(0, n), value: textWeight(n), dense: e.dense, label: e.label, sure: e.sure }
}

/** The examples of a row: every way it is asked about (see above). */
export function examplesOf(r: CorpusRow): Example[] {
  const label = LABELS.indexOf(r.label)
  const out = [
    example(asProfileInput(r), label),
    example(asContextInput(r), label),
    // With the keyword alone, whether the post is about the seller's market is a guess even for a reader: its
    // off-topic label is not weighted up.
    example(asKeywordInput(r), label, false),
    example(asUnfoundInput(r), label),
  ]
  if (r.label !== 'NONE') out.push(example(asBareInput(r), label))
  return out
}

/** The share of rows also shown to a seller of another market, as off topic (crossExamples). */
export const CROSS_SHARE = 0.2

/**
 * Posts shown to a seller of another market whose keyword they do not contain, labelled NONE: a post about payroll
 * is off topic to a team selling feature flags. The corpus's own posts all hold their seller's keyword, so without
 * these the model would never see a post that lacks it, which the score route can be asked about.
 */
export function crossExamples(rows: readonly CorpusRow[], seed: number): Example[] {
  const random = seeded(seed ^ 0x5eed)
  const none = LABELS.indexOf('NONE')
  const out: Example[] = []
  for (const r of rows) {
    if (random() >= CROSS_SHARE) continue
    const seller = rows[Math.floor(random() * rows.length)] as CorpusRow
    if (seller.market === r.market || r.content.toLowerCase().includes(seller.keyword.toLowerCase())) continue
    const shown = { ...seller, content: r.content }
    out.push(example(asProfileInput(shown), none), example(asContextInput(shown), none))
  }
  return out
}
