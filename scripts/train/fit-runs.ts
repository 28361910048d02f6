/**
 * The fit's runs (fit.ts) shared between this thread and a worker thread (fit-worker.ts) for each further core: each
 * thread takes the next run nobody has taken, and writes its weights to shared memory under the run's number. The fit
 * then sums them in the runs' order, whichever thread ran which, so the weights are the same to the bit as on one
 * core (docs/performance.md#training-on-both-cores-2026-12-03).
 */
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { fitOnce, type Packed, type RunSettings, sharedArray } from './fit-once'

/** Run k learns from `own` and `crossed[k]` with the seed `settings.seed + k`, into `texts[k]` and `denses[k]`. */
export type Runs = {
  own: Packed
  crossed: readonly Packed[]
  settings: RunSettings
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
    const crossed = runs.crossed[k]
    if (!crossed) return
    const settings = { ...runs.settings, seed: runs.settings.seed + k }
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
  own: Packed,
  crossed: readonly Packed[],
  settings: RunSettings,
  sizes: { text: number; dense: number },
): { text: Float64Array; dense: Float64Array }[] {
  const runs: Runs = {
    own,
    crossed,
    settings,
    texts: crossed.map(() => sharedArray(Float64Array, sizes.text)),
    denses: crossed.map(() => sharedArray(Float64Array, sizes.dense)),
    control: sharedArray(Int32Array, 3),
  }
  // A worker that has not started by the time this thread has taken every run takes none and ends.
  const helpers = Math.min(availableParallelism() - 1, crossed.length - 1)
  for (let i = 0; i < helpers; i++)
    new Worker(new URL('./fit-worker.ts', import.meta.url), { workerData: runs }).unref()
  takeRuns(runs)
  for (let done = Atomics.load(runs.control, DONE); done < crossed.length; done = Atomics.load(runs.control, DONE)) {
    if (Atomics.load(runs.control, FAILED)) throw new Error('a worker thread of the training failed')
    Atomics.wait(runs.control, DONE, done, 1000)
  }
  return runs.texts.map((text, k) => ({ text, dense: runs.denses[k] as Float64Array }))
}
