import { LONGEST_WORK_MS } from '../../config/answer-time'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { buildScorer } from '../../scorers/registry'
import type { ScoreInput, ScoreResult } from '../../scorers/types'
import { ownAddress } from './own-address'
import { howToStart, meanwhileWithoutModel, PROBE_MS, unreachableReason } from './model-server-words'

type ScorerCheck = {
  status: 'ok' | 'failed'
  backend: string
  model: string | null
  endpoint: string | null
  /** What happened, in one line: the server's own reason when it failed. */
  detail: string
  /**
   * When it failed: what `serve` and `poll --once` do meanwhile. Without it a site with no model server reachable
   * reads "failed" and cannot tell that the embedded scorer answers in its place
   * (docs/scoring.md#checking-the-model-server).
   */
  meanwhile?: string
  /**
   * When nothing listens at the model server's address (a fresh install without one): what to do, start it or let the
   * embedded scorer answer alone.
   */
  next?: string
  /** How long the scoring call took, when it was made. */
  ms?: number
  answer?: ScoreResult
}

// A post any model should call a lead: the check is whether the model answers as asked, not how well it judges.
const SAMPLE: ScoreInput = {
  content: 'Our sales team of 12 needs a CRM this month, the budget is approved. Which one would you recommend?',
  keyword: 'crm',
  icps: [],
}

/**
 * `scorer check` (docs/scoring.md#checking-the-model-server): the start-up check of the configured model server, then
 * one real scoring call of a sample post, straight to the model (no fallback, nothing stored), within
 * `scorer.timeout_ms`. The detail never holds an API key: the scorers' messages mask it.
 */
export async function checkScorer(config: Config, log: Logger): Promise<ScorerCheck> {
  const scorer = await buildScorer(config, log)
  const about = { backend: scorer.name, model: scorer.model ?? null, endpoint: scorer.endpoint ?? null }
  const meanwhile = `${meanwhileWithoutModel(config)} until the model answers`
  const failed = (detail: string, ms?: number): ScorerCheck => ({ status: 'failed', ...about, detail, meanwhile, ms })
  const own = scorer.probe && ownAddress(config, scorer.endpoint)
  if (own) return failed(own)
  if (scorer.probe) {
    try {
      const problem = await scorer.probe(AbortSignal.timeout(PROBE_MS))
      if (problem) return failed(problem)
    } catch (err) {
      const reason = unreachableReason(err, scorer.endpoint, scorer.name)
      // A refused connection, not a name unresolved or a server that hangs (their reasons say what to check).
      if (reason !== `no model server at ${scorer.endpoint}`) return failed(reason)
      return { ...failed(reason), next: startOrEmbedded(scorer.name, scorer.endpoint, scorer.model) }
    }
  }
  const timeout = config.scorer.timeout_ms
  const started = performance.now()
  const signal = AbortSignal.timeout(timeout)
  try {
    const answer = await scorer.score(SAMPLE, signal)
    const ms = Math.round(performance.now() - started)
    const caveat = scorer.caveat?.()
    const detail = scorer.probe
      ? `the model answered a sample post${caveat ? ` (${caveat})` : ''}`
      : 'the embedded scorer, no model server'
    return { status: 'ok', ...about, detail, ms, answer }
  } catch (err) {
    const ms = Math.round(performance.now() - started)
    if (signal.aborted) {
      const listed = await scorer.inMemory?.()
      return failed(
        `no answer within ${timeout} ms (scorer.timeout_ms); ${firstLoad(scorer.name, timeout, listed)}`,
        ms,
      )
    }
    return failed(err instanceof Error ? err.message : String(err), ms)
  }
}

/**
 * A model server loads a model into memory at the first call that needs it, which can take far longer than an answer
 * (docs/scoring.md#checking-the-model-server): a timeout of the check may be that load, not a broken model.
 */
function firstLoad(backend: string, timeout: number, listed: boolean | undefined): string {
  const unloaded = backend === 'ollama' ? ', or after scorer.ollama.keep_alive unloaded it' : ''
  // The command that gives this one run more time, up to the largest timeout the configuration takes.
  const more = timeout < ONE_RUN_MS ? ONE_RUN_MS : MAX_TIMEOUT_MS
  const run = timeout < MAX_TIMEOUT_MS ? `: LEAD_SIGNALS_SCORER_TIMEOUT_MS=${more} lead-signals scorer check` : ''
  // Ollama lists a model from the start of its load: one listed is slow, or loading for another caller (serve).
  if (listed === true)
    return `the model is in memory (Ollama lists it in /api/ps), so this call loaded nothing: it answers more slowly than scorer.timeout_ms, unless a load that serve asked for is still under way; raise scorer.timeout_ms, lower scorer.concurrency, or choose a smaller model; to see how long it takes, run the check again with a larger scorer.timeout_ms${run}`
  if (listed === false)
    return `the model was not in memory (Ollama does not list it in /api/ps): its server loaded it for this call, which can take longer, and gave the load up when the check did; run the check again with a larger scorer.timeout_ms${run}`
  return `a model its server loads for this call (the first after the server started${unloaded}) can take longer: run the check again with a larger scorer.timeout_ms${run}`
}

// A timeout for one check that a model read from a slow disk usually loads within, and the largest the
// configuration takes (docs/scoring.md#fallback-and-timeouts).
const ONE_RUN_MS = 120_000
const MAX_TIMEOUT_MS = LONGEST_WORK_MS

/** What to do when no model server listens (docs/scoring.md#checking-the-model-server). */
function startOrEmbedded(backend: string, endpoint?: string, model?: string): string {
  return `start the model server at ${endpoint}${howToStart(backend, model)}, or, with no model server, set scorer.backend = "rules" (LEAD_SIGNALS_SCORER_BACKEND=rules) so the embedded scorer answers alone`
}
