/**
 * Where a post's hashed features are collected (text-features.ts makes them): each feature's identity, a 32-bit hash,
 * is looked up in the weights' vocabulary (vocabulary.ts) and, when the weights read it, put in its bucket of 2^bits,
 * each bucket once a post.
 */
import { EVERY_FEATURE, knows, type Vocabulary } from './vocabulary'

/**
 * A post's features, in buffers shared by every call: valid until the next call (a post is scored at once; training
 * copies what it keeps). Allocating them per post cost more than filling them.
 */
export type TextFeatures = {
  /** Bucket of each feature read, in order met (a bucket may repeat). */
  buckets: Int32Array
  /**
   * For a unigram feature, where its word starts in the lower-cased post, and so for a trigram of three Han or kana
   * characters, which a reason may cite as the words of a script written without spaces (evidence.ts); -1 for the
   * others.
   */
  from: Int32Array
  /** And where it ends. */
  to: Int32Array
  n: number
  /**
   * When every feature is read (EVERY_FEATURE), the identity of each, in order: training reads them through the
   * vocabulary of each model it fits (readIdentities).
   */
  met: Int32Array
  metN: number
  /** Where in the post reading stopped: its length, unless the post has more than MOST_WORDS words. */
  readTo: number
  /** Which call filled the buffers; a call that kept the last call's features keeps its number too (model.ts). */
  filledBy: number
}

export const out: TextFeatures = {
  buckets: new Int32Array(4096),
  from: new Int32Array(4096),
  to: new Int32Array(4096),
  n: 0,
  met: new Int32Array(4096),
  metN: 0,
  readTo: 0,
  filledBy: 0,
}

let mask = 0
let vocabulary = EVERY_FEATURE

const finish = (h: number) => {
  const x = Math.imul(h ^ (h >>> 16), 0x45d9f3b)
  return (x ^ (x >>> 16)) & mask
}

// Each bucket counts once a post: a word repeated forty times says no more than once, and repeated chatter would else
// outweigh the sentence that matters. A post's number (1-255) marks the buckets it has, so the table, a byte a
// bucket to stay in the processor's cache, is cleared once every 255 posts, not before each.
let seenIn = new Uint8Array(0)
let post = 0

/** Starts a post's features, in 2^bits buckets, read through `known`. */
export function startFeatures(bits: number, known: Vocabulary) {
  mask = (1 << bits) - 1
  vocabulary = known
  out.filledBy++
  out.n = 0
  out.metN = 0
  if (seenIn.length <= mask) {
    seenIn = new Uint8Array(mask + 1)
    post = 0
  }
  if (++post > 255) {
    seenIn.fill(0)
    post = 1
  }
}

const grown = (list: Int32Array) => {
  const more = new Int32Array(list.length * 2)
  more.set(list)
  return more
}

/** A feature of identity `h` (`from` and `to`: see TextFeatures). */
export function push(h: number, from: number, to: number) {
  if (vocabulary === EVERY_FEATURE) {
    if (out.metN === out.met.length) out.met = grown(out.met)
    out.met[out.metN++] = h
  }
  const bucket = finish(h)
  // A bucket the post already has takes nothing more, known or not: looked at first, it saves the lookup.
  if (seenIn[bucket] === post || !knows(vocabulary, h)) return
  seenIn[bucket] = post
  if (out.n === out.buckets.length) {
    out.buckets = grown(out.buckets)
    out.from = grown(out.from)
    out.to = grown(out.to)
  }
  out.buckets[out.n] = bucket
  out.from[out.n] = from
  out.to[out.n++] = to
}

/**
 * The features of identities met before, read through `known`: training keeps each post's identities and reads them
 * through the vocabulary of the rows each model learns from, as scoring will (scripts/train/fit.ts).
 */
export function readIdentities(met: Int32Array, bits: number, known: Vocabulary): TextFeatures {
  startFeatures(bits, known)
  for (const h of met) push(h, -1, -1)
  return out
}
