/**
 * The learned model's weights and its arithmetic (docs/scoring.md#the-embedded-model): a logistic regression for off
 * topic gating a multinomial one over the five intents (logits), whose inputs are the hashed words of a post and the
 * facts the rules read (features.ts). The weights file is written by `npm run train` (scripts/train/) and read here:
 * a header, then little-endian 32-bit floats, class by class for each feature, so that one feature's six weights sit
 * side by side in memory, then the vocabulary's bits (vocabulary.ts) in 32-bit numbers.
 */
import type { Features } from './features'
import { DENSE } from './features'
import { MAX_BUCKET_BITS, MIN_BUCKET_BITS } from './text-features'
import { EVERY_FEATURE, type Vocabulary } from './vocabulary'

export const CLASSES = ['ACTIVE', 'COMPETITOR', 'PAIN', 'QUESTION', 'MENTION', 'NONE'] as const
export type ModelClass = (typeof CLASSES)[number]
export const K = CLASSES.length
const MAGIC = 0x334d534c // "LSM3": the vocabulary
/** Magic, bucket bits, dense features, classes, the buyer cut, the vocabulary's length in 32-bit numbers. */
const HEADER = 24

export type Model = {
  /** The hashed words' buckets: 2^bits (text-features.ts). */
  bits: number
  /** Weights of the hashed words: bucket × class. */
  text: Float32Array
  /** Weights of the dense features: feature × class (the last feature is the bias). */
  dense: Float32Array
  /** The buyer probability (ACTIVE + COMPETITOR + PAIN) from which a post is answered as a buyer. */
  buyerAt: number
  /** The hashed features the weights read (vocabulary.ts). */
  vocabulary: Vocabulary
}

export function emptyModel(buyerAt: number, bits: number): Model {
  const text = new Float32Array((1 << bits) * K)
  return { bits, text, dense: new Float32Array(DENSE * K), buyerAt, vocabulary: EVERY_FEATURE }
}

export function serializeModel(m: Model): Uint8Array {
  const bytes = new Uint8Array(HEADER + (m.text.length + m.dense.length + m.vocabulary.length) * 4)
  const view = new DataView(bytes.buffer)
  view.setUint32(0, MAGIC, true)
  view.setUint32(4, m.bits, true)
  view.setUint32(8, DENSE, true)
  view.setUint32(12, K, true)
  view.setFloat32(16, m.buyerAt, true)
  view.setUint32(20, m.vocabulary.length, true)
  let at = HEADER
  for (const list of [m.text, m.dense])
    for (const x of list) {
      view.setFloat32(at, x, true)
      at += 4
    }
  for (const x of m.vocabulary) {
    view.setInt32(at, x, true)
    at += 4
  }
  return bytes
}

export function parseModel(bytes: Uint8Array): Model {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const bits = bytes.byteLength >= HEADER ? view.getUint32(4, true) : 0
  const known = bytes.byteLength >= HEADER ? view.getUint32(20, true) : 0
  const fits =
    bytes.byteLength >= HEADER &&
    view.getUint32(0, true) === MAGIC &&
    bits >= MIN_BUCKET_BITS &&
    bits <= MAX_BUCKET_BITS &&
    view.getUint32(8, true) === DENSE &&
    view.getUint32(12, true) === K &&
    bytes.byteLength === HEADER + (((1 << bits) + DENSE) * K + known) * 4
  if (!fits) throw new Error('the embedded model weights do not match this build: run `npm run train`')
  const text = (1 << bits) * K
  const dense = DENSE * K
  return {
    bits,
    text: numbersAt(Float32Array, bytes, HEADER, text),
    dense: numbersAt(Float32Array, bytes, HEADER + text * 4, dense),
    buyerAt: view.getFloat32(16, true),
    vocabulary: numbersAt(Int32Array, bytes, HEADER + (text + dense) * 4, known),
  }
}

// The file is written little-endian (serializeModel), the order of every machine Bun runs on, so its numbers are read
// in place when they are 4-aligned, as a file read whole gives them: a copy kept both in memory while loading, and its
// leftovers after (docs/performance.md#the-weights-read-in-place-2026-12-03). Other bytes are copied aligned first.
function numbersAt<T>(
  kind: new (b: ArrayBufferLike, at: number, n: number) => T,
  bytes: Uint8Array,
  at: number,
  n: number,
) {
  const start = bytes.byteOffset + at
  return start % 4 === 0 ? new kind(bytes.buffer, start, n) : new kind(bytes.slice(at, at + n * 4).buffer, 0, n)
}

/**
 * Each hashed feature counts 1/√n up to LONG features, and 1/n·√LONG beyond: the words of a long post weigh in all as
 * much as a post of LONG features, so that they never drown what the rules read in it.
 */
export const textWeight = (n: number) => (n <= LONG ? 1 / Math.sqrt(Math.max(1, n)) : Math.sqrt(LONG) / n)
export const textValue = (f: Features) => textWeight(f.text.n)
const LONG = 200

/**
 * The weights of the last post's words (unigram features) and where each is among its features, in buffers shared by
 * every call like the features' own (text-features.ts).
 */
export const words = { weights: new Float32Array(4096 * K), at: new Int32Array(4096), n: 0 }

/** The intents' columns of the weights; the last column is off topic's. */
export const INTENT_COLUMNS = K - 1

/** The buyer probability: ACTIVE, COMPETITOR and PAIN together (docs/scoring.md#the-embedded-model). */
export const buyerOf = (p: Float64Array) => (p[0] as number) + (p[1] as number) + (p[2] as number)

/**
 * The raw scores of a post, one per column: the five intents' and off topic's. Two models share the weights: whether
 * the post is about the team's market at all (the last column, a logistic regression), and which intent an on-topic
 * post has (the other five, a softmax). Off topic then gates every intent, which one linear model could not do: a
 * complaint about lost car keys is a complaint, but not one a seller of password managers can answer.
 */
export function logits(m: Model, f: Features): Float64Array {
  const z = new Float64Array(K)
  if (textSums.model !== m || textSums.of !== f.text.filledBy) sumText(m, f)
  z.set(textSums.z)
  for (let j = 0; j < DENSE; j++) {
    const x = f.dense[j] as number
    if (x === 0) continue
    for (let c = 0; c < K; c++) z[c] += x * (m.dense[j * K + c] as number)
  }
  return z
}

/**
 * The sums of the last post's words, kept with the features they were made of (text-features.ts): the teams asking
 * about one post in a row differ in what the rules read against their profiles, seldom in the post's words.
 */
const textSums = { model: undefined as Model | undefined, of: -1, z: new Float64Array(K) }

function sumText(m: Model, f: Features) {
  const z = textSums.z.fill(0)
  const v = textValue(f)
  const { buckets, from, n } = f.text
  if (words.weights.length < n * K) words.weights = new Float32Array(n * K * 2)
  if (words.at.length < n) words.at = new Int32Array(n * 2)
  words.n = 0
  for (let i = 0; i < n; i++) {
    const o = (buckets[i] as number) * K
    for (let c = 0; c < K; c++) z[c] += v * (m.text[o + c] as number)
    // A word's weights are kept for the reason (answer.ts) while they are at hand: looked up again, they cost more
    // than the sum itself.
    if ((from[i] as number) < 0) continue
    const to = words.n * K
    for (let c = 0; c < K; c++) words.weights[to + c] = m.text[o + c] as number
    words.at[words.n++] = i
  }
  textSums.model = m
  textSums.of = f.text.filledBy
}

/** Off topic's probability (the logistic) and the intents' softmax, each in place. */
export function squash(z: Float64Array): Float64Array {
  let most = -Infinity
  for (let c = 0; c < INTENT_COLUMNS; c++) most = Math.max(most, z[c] as number)
  let total = 0
  for (let c = 0; c < INTENT_COLUMNS; c++) {
    z[c] = Math.exp((z[c] as number) - most)
    total += z[c] as number
  }
  for (let c = 0; c < INTENT_COLUMNS; c++) z[c] = (z[c] as number) / total
  z[INTENT_COLUMNS] = 1 / (1 + Math.exp(-(z[INTENT_COLUMNS] as number)))
  return z
}

/** The probability of each class: each intent's is its share of the on-topic probability. */
export function probabilities(m: Model, f: Features): Float64Array {
  const p = squash(logits(m, f))
  const on = 1 - (p[INTENT_COLUMNS] as number)
  for (let c = 0; c < INTENT_COLUMNS; c++) p[c] = (p[c] as number) * on
  return p
}
