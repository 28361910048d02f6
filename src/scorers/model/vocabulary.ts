/**
 * What a set of weights learned to read (docs/scoring.md#the-embedded-model): the identities of the hashed features
 * (text-features.ts) met in at least MIN_ROWS of the rows it trained on. Any other feature is not read, in training
 * or scoring: a word the model never met would land in a bucket other words trained and bring their weights with it
 * (docs/performance.md#words-the-model-never-met-2026-12-02).
 *
 * The identities are kept as a Bloom filter, BITS_EACH bits an identity, each identity setting four bits of one 32-bit
 * number, so that a lookup reads one place in memory and takes no branch (five bits anywhere in the filter cost 6.8
 * µs on a 1,200-character post whose word features took 14). A feature it does not hold is never taken for one it does; about one unknown
 * feature in sixty passes for known. It is part of the weights file, so training and scoring read the same features,
 * false passes included.
 */

/** A feature met in a single row is that row's own: it teaches the weights nothing about posts to come. */
export const MIN_ROWS = 2
const BITS_EACH = 12
const SECOND = 0x2545f491

/** The filter's bits, 32 a number (signed, which the engine keeps as integers); none: every feature is read. */
export type Vocabulary = Int32Array

/** No filter: weights trained without one read every feature, and training reads every feature a post has. */
export const EVERY_FEATURE: Vocabulary = new Int32Array(0)

const mix = (h: number) => {
  const x = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d)
  return x ^ (x >>> 12)
}

/** Where an identity's bits are: one number of `v`'s (the hash scaled to its length rather than a remainder). */
const numberOf = (h: number, v: Vocabulary) => ((mix(h) >>> 0) * v.length) / 4294967296

/** An identity's four bits in its number, five bits of a second hash each. */
function bitsOf(h: number): number {
  const b = mix(h ^ SECOND)
  return (1 << b) | (1 << (b >>> 5)) | (1 << (b >>> 10)) | (1 << (b >>> 15))
}

/** A filter holding `identities`. */
export function vocabularyOf(identities: readonly number[]): Vocabulary {
  const v = new Int32Array(Math.max(1, Math.ceil((identities.length * BITS_EACH) / 32)))
  for (const h of identities) {
    const at = numberOf(h, v) | 0
    v[at] = (v[at] as number) | bitsOf(h)
  }
  return v
}

/** Whether the weights read the feature of identity `h`. */
export function knows(v: Vocabulary, h: number): boolean {
  if (v.length === 0) return true
  const bits = bitsOf(h)
  return ((v[numberOf(h, v) | 0] as number) & bits) === bits
}
