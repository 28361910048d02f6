import { availableParallelism } from 'node:os'
import { RULES_WORKER_URL } from '../../workers'
import type { ScoreInput, ScoreResult } from '../types'
import { packBatch } from './batch-message'

/** A part's answers, or its buyer probabilities (docs/scoring.md#triage). */
type Answers = ScoreResult[] | number[]
type Pending = { resolve(answers: Answers): void; reject(err: Error): void }
type Reply = { id: number; results?: ScoreResult[]; buyers?: number[]; error?: string }

/**
 * The rules scorer on worker threads, for long batches (a polling pass scores thousands of posts): the event loop
 * keeps fetching and storing while the other cores score. A batch is cut into contiguous parts, one per worker, so
 * one post's teams (which polling asks about in a row) mostly land on the worker that already read the post.
 * Workers start on first use and are ended by `close()`.
 */
export function createRulesPool(a: { size?: number; workerUrl?: string } = {}) {
  // One core is left to the pass's own thread and its writer (docs/performance.md#the-polling-writer): on two cores a
  // second worker cost more CPU than it saved.
  const size = a.size ?? Math.max(1, Math.min(4, availableParallelism() - 1))
  const workers: { worker: Worker; pending: Map<number, Pending> }[] = []
  let nextId = 0
  // After a worker failed (could not load, crashed), the pool answers no more: callers score in their own thread.
  let broken: Error | undefined

  function start() {
    const worker = new Worker(a.workerUrl ?? RULES_WORKER_URL)
    const pending = new Map<number, Pending>()
    worker.onmessage = ({ data }: MessageEvent<Reply>) => {
      const p = pending.get(data.id)
      pending.delete(data.id)
      const answers = data.results ?? data.buyers
      if (answers) p?.resolve(answers)
      else p?.reject(new Error(`the embedded scorer failed: ${data.error}`))
    }
    const fail = (why: string) => {
      broken ??= new Error(`an embedded scorer worker stopped: ${why}`)
      for (const p of pending.values()) p.reject(broken)
      pending.clear()
    }
    worker.addEventListener('error', (event) => fail((event as ErrorEvent).message))
    worker.addEventListener('close', () => fail('it exited'))
    // Idle workers must not keep a finished `poll --once` alive.
    worker.unref()
    return { worker, pending }
  }

  function send(at: number, inputs: ScoreInput[], buyers: boolean, reasonFrom?: number[]): Promise<Answers> {
    if (broken) return Promise.reject(broken)
    workers[at] ??= start()
    const w = workers[at]
    const id = nextId++
    return new Promise((resolve, reject) => {
      w.pending.set(id, { resolve, reject })
      w.worker.postMessage({ id, batch: packBatch(inputs, reasonFrom), buyers })
    })
  }

  async function ask(inputs: ScoreInput[], buyers: boolean, reasonFrom?: readonly number[]): Promise<Answers[]> {
    if (inputs.length === 0) return []
    const part = Math.ceil(inputs.length / size)
    const parts = []
    for (let i = 0, at = 0; i < inputs.length; i += part, at++)
      parts.push(send(at, inputs.slice(i, i + part), buyers, reasonFrom?.slice(i, i + part)))
    return Promise.all(parts)
  }

  return {
    /** `reasonFrom`: per input, the score from which its reason is kept (model/answer.ts); every reason without it. */
    async score(inputs: ScoreInput[], reasonFrom?: readonly number[]): Promise<ScoreResult[]> {
      return (await ask(inputs, false, reasonFrom)).flat() as ScoreResult[]
    },
    /** The embedded model's buyer probability of each input (triage, docs/scoring.md#triage). */
    async buyers(inputs: ScoreInput[]): Promise<number[]> {
      return (await ask(inputs, true)).flat() as number[]
    },
    /** Whether a worker failed or the pool was closed: it answers no more, and a long-lived caller makes a new one. */
    get failed() {
      return broken !== undefined
    },
    close() {
      broken ??= new Error('the rules pool was closed')
      for (const { worker, pending } of workers.splice(0)) {
        for (const p of pending.values()) p.reject(broken)
        worker.terminate()
      }
    },
  }
}

export type RulesPool = ReturnType<typeof createRulesPool>
