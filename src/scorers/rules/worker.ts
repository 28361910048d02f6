// A worker thread of the rules pool (pool.ts): scores the batches it is sent, in order.
import { type BatchMessage, unpackBatch } from './batch-message'
import { createRulesReader } from './index'

declare const self: Worker

const score = createRulesReader()

self.onmessage = (event: MessageEvent<{ id: number; batch: BatchMessage }>) => {
  const { id, batch } = event.data
  try {
    postMessage({ id, results: unpackBatch(batch).map(score) })
  } catch (err) {
    postMessage({ id, error: err instanceof Error ? err.message : String(err) })
  }
}
