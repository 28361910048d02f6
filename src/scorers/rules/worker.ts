// A worker thread of the rules pool (pool.ts): scores the batches it is sent, in order, and gives each answer's buyer
// probability apart (what triage decides on, docs/scoring.md#triage), so that it never travels with an answer.
import { type BatchMessage, unpackBatch } from './batch-message'
import { createRulesReader } from './index'

declare const self: Worker

const score = createRulesReader()

self.onmessage = (event: MessageEvent<{ id: number; batch: BatchMessage }>) => {
  const { id, batch } = event.data
  try {
    const buyers: number[] = []
    const results = unpackBatch(batch).map((input) => {
      const { buyer, ...answer } = score(input)
      buyers.push(buyer)
      return answer
    })
    postMessage({ id, results, buyers })
  } catch (err) {
    postMessage({ id, error: err instanceof Error ? err.message : String(err) })
  }
}
