// A worker thread of the rules pool (pool.ts): scores the batches it is sent, in order.
import { createRulesReader } from './index'
import type { ScoreInput } from '../types'

declare const self: Worker

const score = createRulesReader()

self.onmessage = (event: MessageEvent<{ id: number; inputs: ScoreInput[] }>) => {
  const { id, inputs } = event.data
  try {
    postMessage({ id, results: inputs.map(score) })
  } catch (err) {
    postMessage({ id, error: err instanceof Error ? err.message : String(err) })
  }
}
