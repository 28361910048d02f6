// A worker thread of the rules pool (pool.ts): answers the batches it is sent, in order, with the rules' answers or,
// for triage, the embedded model's buyer probabilities (docs/scoring.md#triage), whichever the batch asks for.
import { type BatchMessage, unpackBatch } from './batch-message'
import { createRulesReader } from './index'

declare const self: Worker

const read = createRulesReader()

self.onmessage = (event: MessageEvent<{ id: number; batch: BatchMessage; buyers: boolean }>) => {
  const { id, batch, buyers } = event.data
  try {
    const inputs = unpackBatch(batch)
    if (buyers) postMessage({ id, buyers: inputs.map(read.buyer) })
    else postMessage({ id, results: inputs.map((input, i) => read.answer(input, batch.reasonFrom?.[i])) })
  } catch (err) {
    postMessage({ id, error: err instanceof Error ? err.message : String(err) })
  }
}
