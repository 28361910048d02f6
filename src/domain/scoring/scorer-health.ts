import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import type { Scorer } from '../../scorers/types'

// How long the start-up check waits for the model server: a local server answers in milliseconds.
export const PROBE_MS = 2000

/** What scoring does while the model server cannot answer, as the start-up line and `scorer check` say it. */
export function meanwhileWithoutModel(config: Config): string {
  return config.scorer.fallback === 'rules'
    ? 'scoring with the embedded rules scorer'
    : 'scoring calls answer 503 scorer_unavailable (scorer.fallback = "none")'
}

/**
 * Why the model server could not be asked at all (docs/scoring.md#checking-the-model-server). Nothing listening (a
 * refused port, no such host) fails every later call at once too; an address that takes the connection and never
 * answers (a hung server, a firewall dropping packets) makes every scoring call wait `scorer.timeout_ms` before the
 * fallback, and without saying so "scoring with the embedded rules scorer" reads as if answers came at once.
 */
export function unreachableReason(err: unknown, endpoint: string | undefined, config: Config): string {
  const where = endpoint ?? 'the configured address'
  if (!(err instanceof Error && err.name === 'TimeoutError')) return `no model server at ${where}`
  return `no answer from ${where} within ${PROBE_MS} ms (a server that hangs, or a firewall dropping the connection), so each scoring call first waits up to ${config.scorer.timeout_ms} ms (scorer.timeout_ms) for it; set scorer.backend = "rules" while it is away`
}

/**
 * Whether the configured model server is answering, as far as this process knows. An outage is announced once, with
 * what scoring does meanwhile, and its end once; the calls in between fail (or fall back) without a line each:
 * a demo or a polling pass without a model server would otherwise print a warning per post (docs/scoring.md#fallback-and-timeouts).
 */
export function createScorerHealth(a: { config: Config; scorer: Scorer; log: Logger }) {
  const { scorer, log } = a
  let down = false
  let failures = 0
  const meanwhile = () => meanwhileWithoutModel(a.config)

  return {
    /** A call failed: the first failure of an outage is logged with its reason. */
    failed(err: unknown) {
      failures++
      if (down) return
      down = true
      log.warn('scorer_failed', { scorer: scorer.name, err, meanwhile: `${meanwhile()} until it answers` })
    },
    /** A call succeeded: an outage, if any, is over. */
    answered() {
      if (!down) return
      log.info('scorer_recovered', { scorer: scorer.name, failedCalls: failures })
      down = false
      failures = 0
    },
    /**
     * At start: one line when the model server cannot be reached, or answers but cannot serve the configured model
     * (not pulled, a wrong address or key: docs/scoring.md#checking-the-model-server). Returns false then. Scorers
     * without a server (the rules scorer) are always ready.
     */
    async check(): Promise<boolean> {
      if (!scorer.probe) return true
      let problem: string | undefined
      try {
        problem = await scorer.probe(AbortSignal.timeout(PROBE_MS))
      } catch (err) {
        down = true
        log.warn('model_server_unreachable', {
          message: `${unreachableReason(err, scorer.endpoint, a.config)}; ${meanwhile()}; see docs/scoring.md`,
        })
        return false
      }
      if (!problem) return true
      down = true
      log.warn('model_unavailable', { message: `${problem}; ${meanwhile()}` })
      return false
    },
  }
}
