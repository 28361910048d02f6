/**
 * One run of the fit (fit.ts): AdaGrad with L2 over the examples in an order shuffled from the run's seed. The examples
 * are packed into flat arrays on shared memory, so that a worker thread reads the same ones without a copy
 * (fit-runs.ts).
 */
import { DENSE } from '../../src/scorers/model/features'
import { INTENT_COLUMNS, K, squash } from '../../src/scorers/model/model'
import { seeded } from './seeded'

/** What one run needs of the fit's settings (fit.ts#Settings). */
export type RunSettings = {
  epochs: number
  rate: number
  l2: number
  seed: number
  offWeight: number
  /** The hashed words' buckets of the weights: 2^bucketBits (text-features.ts). */
  bucketBits: number
}

/** An example as one set of weights reads it: the buckets of the features its vocabulary holds, and their value. */
export type Read = { buckets: Int32Array; value: number; dense: Float64Array; label: number; sure: boolean }

/** Examples laid end to end: example i's buckets are buckets[starts[i]] to buckets[starts[i + 1] - 1]. */
export type Packed = {
  starts: Int32Array
  buckets: Int32Array
  value: Float64Array
  dense: Float64Array
  label: Int32Array
  sure: Uint8Array
}

/** A typed array of `length` on shared memory. */
export function sharedArray<T>(Kind: { new (b: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number }, length: number): T {
  return new Kind(new SharedArrayBuffer(length * Kind.BYTES_PER_ELEMENT))
}

export function pack(examples: readonly Read[]): Packed {
  const starts = sharedArray(Int32Array, examples.length + 1)
  for (const [i, e] of examples.entries()) starts[i + 1] = (starts[i] as number) + e.buckets.length
  const p: Packed = {
    starts,
    buckets: sharedArray(Int32Array, starts[examples.length] as number),
    value: sharedArray(Float64Array, examples.length),
    dense: sharedArray(Float64Array, examples.length * DENSE),
    label: sharedArray(Int32Array, examples.length),
    sure: sharedArray(Uint8Array, examples.length),
  }
  for (const [i, e] of examples.entries()) {
    p.buckets.set(e.buckets, starts[i] as number)
    p.dense.set(e.dense, i * DENSE)
    p.value[i] = e.value
    p.label[i] = e.label
    p.sure[i] = e.sure ? 1 : 0
  }
  return p
}

/**
 * One run over `own`'s examples and then `crossed`'s, learning into `text` and `dense` (zeros at the start). The sums
 * are made in the same order whichever thread runs it, so a run's weights are the same to the bit.
 */
export function fitOnce(own: Packed, crossed: Packed, s: RunSettings, text: Float64Array, dense: Float64Array): void {
  const textG = new Float64Array(text.length)
  const denseG = new Float64Array(dense.length)
  const ownN = own.label.length
  const order = Array.from({ length: ownN + crossed.label.length }, (_, i) => i)
  const random = seeded(s.seed)
  const z = new Float64Array(K)
  const g = new Float64Array(K)
  const step = (w: Float64Array, acc: Float64Array, at: number, x: number) => {
    for (let c = 0; c < K; c++) {
      const i = at + c
      const grad = (g[c] as number) * x + s.l2 * (w[i] as number)
      acc[i] = (acc[i] as number) + grad * grad
      w[i] = (w[i] as number) - (s.rate * grad) / (Math.sqrt(acc[i] as number) + 1e-8)
    }
  }
  for (let epoch = 0; epoch < s.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[order[i], order[j]] = [order[j] as number, order[i] as number]
    }
    for (const at of order) {
      const p = at < ownN ? own : crossed
      const e = at < ownN ? at : at - ownN
      const from = p.starts[e] as number
      const to = p.starts[e + 1] as number
      const value = p.value[e] as number
      const d = e * DENSE
      z.fill(0)
      for (let q = from; q < to; q++) {
        const b = p.buckets[q] as number
        for (let c = 0; c < K; c++) z[c] = (z[c] as number) + value * (text[b * K + c] as number)
      }
      for (let j = 0; j < DENSE; j++) {
        const x = p.dense[d + j] as number
        if (x !== 0) for (let c = 0; c < K; c++) z[c] = (z[c] as number) + x * (dense[j * K + c] as number)
      }
      squash(z)
      // Off topic learns from every example; the intents only from on-topic ones (model.ts#logits).
      const label = p.label[e] as number
      const off = label === INTENT_COLUMNS
      for (let c = 0; c < INTENT_COLUMNS; c++) g[c] = off ? 0 : (z[c] as number) - (c === label ? 1 : 0)
      g[INTENT_COLUMNS] = ((z[INTENT_COLUMNS] as number) - (off ? 1 : 0)) * (off && p.sure[e] ? s.offWeight : 1)
      for (let q = from; q < to; q++) step(text, textG, (p.buckets[q] as number) * K, value)
      for (let j = 0; j < DENSE; j++) {
        const x = p.dense[d + j] as number
        if (x !== 0) step(dense, denseG, j * K, x)
      }
    }
  }
}
