/** Runs a scorer over one task's posts, at most `concurrency` calls in flight, each under its own time limit. */
import { mapLimited } from '../../src/lib/map-limited'
import type { Intent, Scorer } from '../../src/scorers/types'
import type { Task } from './data'
import { confusion, summarize } from './metrics'

export type TaskResult = {
  task: Task
  /** Over the answered posts only. */
  scorer: ReturnType<typeof summarize>
  baselines: Array<{ name: string; summary: ReturnType<typeof summarize> }>
  intents: Partial<Record<Intent, number>>
  errors: number
  firstError: string | null
  ms: number
}

export type RunOptions = { concurrency: number; timeoutMs: number; onProgress?: (done: number, total: number) => void }

export async function runTask(scorer: Scorer, task: Task, o: RunOptions): Promise<TaskResult> {
  const started = performance.now()
  let done = 0
  let firstError: string | null = null
  const answers = await mapLimited(task.items, o.concurrency, async (item) => {
    try {
      const r = await scorer.score({ content: item.text, icps: [] }, AbortSignal.timeout(o.timeoutMs))
      return r.intent
    } catch (e) {
      firstError ??= e instanceof Error ? `${e.name}: ${e.message}` : String(e)
      return null
    } finally {
      done++
      if (o.onProgress && done % 200 === 0) o.onProgress(done, task.items.length)
    }
  })
  const ms = performance.now() - started
  const label = (positive: boolean) => (positive ? task.positive : task.negative)
  const labels = [task.positive, task.negative]
  const intents: Partial<Record<Intent, number>> = {}
  const pairs: Array<{ actual: string; predicted: string }> = []
  answers.forEach((intent, i) => {
    if (intent === null) return
    intents[intent] = (intents[intent] ?? 0) + 1
    pairs.push({ actual: label(task.items[i]?.positive ?? false), predicted: label(task.isPositive(intent)) })
  })
  const baseline = (predicted: boolean) =>
    summarize(
      confusion(
        labels,
        task.items.map((it) => ({ actual: label(it.positive), predicted: label(predicted) })),
      ),
    )
  return {
    task,
    scorer: summarize(confusion(labels, pairs)),
    baselines: [
      { name: `everything ${task.baselineIntent}`, summary: baseline(true) },
      { name: `nothing ${task.baselineIntent}`, summary: baseline(false) },
    ],
    intents,
    errors: answers.filter((a) => a === null).length,
    firstError,
    ms,
  }
}
