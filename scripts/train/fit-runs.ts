/**
 * The fit's runs (fit.ts) shared between this thread and a worker thread (fit-worker.ts) for each further core: each
 * thread takes the next run nobody has taken, and writes its weights to shared memory under the run's number. The fit
 * then sums them in the runs' order, whichever thread ran which, so the weights are the same to the bit as on one
 * core (docs/performance.md#training-on-both-cores-2026-12-03).
 */
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { Vocabulary } from '../../src/scorers/model/vocabulary'
import type { CorpusRow } from './corpus'
import { crossExamples, readThrough } from './examples'
import { fitOnce, type Packed, pack, type RunSettings, sharedArray } from './fit-once'

/** What every run learns from: `own`, and its own draw of `drawFrom`'s rows shown to other sellers. */
export type Learned = { own: Packed; drawFrom: readonly CorpusRow[]; vocabulary: Vocabulary; settings: RunSettings }

/** Run k learns with the seed `settings.seed + k`, into `texts[k]` and `denses[k]`. */
export type Runs = Learned & {
  texts: Float64Array[]
  denses: Float64Array[]
  /** The next run to take, the runs done, and whether a worker failed. */
  control: Int32Array
}

const [NEXT, DONE, FAILED] = [0, 1, 2]

/** Takes runs until none is left: what this thread and every worker do. */
export function takeRuns(runs: Runs): void {
  for (;;) {
    const k = Atomics.add(runs.control, NEXT, 1)
    if (k >= runs.texts.length) return
    const settings = { ...runs.settings, seed: runs.settings.seed + k }
    // Drawn by the thread that runs it, so that no run waits for the draws of the others.
    const drawn = crossExamples(runs.drawFrom, settings.seed)
    const crossed = pack(drawn.map((e) => readThrough(e, settings.bucketBits, runs.vocabulary)))
    fitOnce(runs.own, crossed, settings, runs.texts[k] as Float64Array, runs.denses[k] as Float64Array)
    Atomics.add(runs.control, DONE, 1)
    Atomics.notify(runs.control, DONE)
  }
}

/** Tells the thread waiting for the runs that one of them will never be done. */
export function failRuns(runs: Runs): void {
  Atomics.store(runs.control, FAILED, 1)
  Atomics.notify(runs.control, DONE)
}

/** Every run's weights, in the runs' order. */
export function fitRuns(
  learned: Learned,
  count: number,
  sizes: { text: number; dense: number },
): { text: Float64Array; dense: Float64Array }[] {
  const runs: Runs = {
    ...learned,
    texts: Array.from({ length: count }, () => sharedArray(Float64Array, sizes.text)),
    denses: Array.from({ length: count }, () => sharedArray(Float64Array, sizes.dense)),
    control: sharedArray(Int32Array, 3),
  }
  // A worker that has not started by the time this thread has taken every run takes none and ends.
  const helpers = Math.min(availableParallelism() - 1, count - 1)
  for (let i = 0; i < helpers; i++)
    new Worker(new URL('./fit-worker.ts', import.meta.url), { workerData: runs }).unref()
  takeRuns(runs)
  for (let done = Atomics.load(runs.control, DONE); done < count; done = Atomics.load(runs.control, DONE)) {
    if (Atomics.load(runs.control, FAILED)) throw new Error('a worker thread of the training failed')
    Atomics.wait(runs.control, DONE, done, 1000)
  }
  return runs.texts.map((text, k) => ({ text, dense: runs.denses[k] as Float64Array }))
}
