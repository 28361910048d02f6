/** A worker thread of the training (fit-runs.ts): takes the fit's runs until none is left. */
import { workerData } from 'node:worker_threads'
import { failRuns, type Runs, takeRuns } from './fit-runs'

const runs = workerData as Runs
try {
  takeRuns(runs)
} catch (error) {
  failRuns(runs)
  throw error
}
