import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import type { Scorer } from '../../scorers/types'
import { meanwhileWithoutModel, PROBE_MS, RECHECK_MS, howToStart, unreachableReason } from './model-server-words'
import { ownAddress } from './own-address'
import { scorerCondition } from './scorer-condition'
import { scorerLook } from './scorer-look'

/**
 * Whether the configured model server is answering, as far as this process knows. An outage is announced once, with
 * what scoring does meanwhile, and its end once; the calls in between fail (or fall back) without a line each:
 * a demo or a polling pass without a model server would otherwise print a warning per post
 * (docs/scoring.md#fallback-and-timeouts).
 */
export function createScorerHealth(a: { config: Config; scorer: Scorer; log: Logger; now?: () => number }) {
  const { scorer, log } = a
  const now = a.now ?? Date.now
  const condition = scorerCondition(scorer, now, a.config.scorer.fallback)
  let down = false
  let failures = 0
  // A call ran out of time (or the start-up check did): calls answer without the model until a check finds its server
  // answering again. A server that takes connections and never answers would otherwise cost every call the timeout.
  let resting = false
  let lastCheck = 0
  let checking = false
  // The start-up check could not reach the server (nothing listening, a name that does not resolve): the model was not
  // loaded ahead. Calls could not reach it either; until a check finds it answering, each call that finds no check
  // running starts one and answers without the model. The first check that finds the server able to serve the model
  // has it loaded, as at start: a server started after lead-signals does not have its first posts pay a cold load.
  let unreached = false
  let warmed = false
  // The call that ran out of time waited for a load of the model asked for already: no failure of its server.
  let restForLoad = false
  // The server answered 429 or 503 with Retry-After: calls keep off it until then, without a check (asked-to-wait.ts).
  let heldUntil = 0
  const rest = (forLoad = false) => {
    resting = scorer.probe !== undefined
    restForLoad = forLoad
    lastCheck = now()
  }
  const meanwhile = () => meanwhileWithoutModel(a.config)
  const warmUp = () => {
    warmed = true
    return scorer.warmUp?.()
  }

  /** One check of the server in the background: one answering ends the rest, or the wait for a first answer. */
  function recheck(): void {
    checking = true
    lastCheck = now()
    scorer
      .probe?.(AbortSignal.timeout(PROBE_MS))
      .then(async (problem) => {
        if (unreached && problem !== undefined) log.warn('model_unavailable', { message: `${problem}; ${meanwhile()}` })
        if (problem !== undefined) condition.unavailable(problem)
        else if (!resting || restForLoad) condition.answering()
        // Calls wait (without the model) until the load is sent, so that it goes ahead of them.
        if (problem === undefined && !warmed) await warmUp()
        if (problem === undefined) resting = false
        unreached = false
      })
      .catch(() => {})
      .finally(() => {
        checking = false
      })
  }

  // Whether calls skip the model for now. While it rests, one check of its server (the probe, PROBE_MS at most) runs
  // every RECHECK_MS in the background; the first that finds it answering ends the rest. While it has not been reached
  // since the start-up check, a check runs whenever none does. The console's look asks it as a call would.
  function skipping(): boolean {
    if (now() < heldUntil) return true
    if (unreached) {
      if (!checking) recheck()
      return true
    }
    if (!resting || checking || now() - lastCheck < RECHECK_MS) return resting
    recheck()
    return resting
  }

  return {
    /**
     * A call failed: the first failure of an outage is logged with its reason, and so is a later one whose reason
     * changes what the model's condition is (a server that answered unusable replies and then stopped): the console
     * and the log would otherwise keep the first reason, and its fix, for the whole outage. `resting`: the call did
     * not ask the model, which tells nothing new of it.
     */
    failed(err: unknown, resting = false) {
      failures++
      if (down && resting) return
      const was = condition.read().state
      condition.failed(err)
      if (down && condition.read().state === was) return
      down = true
      log.warn('scorer_failed', { scorer: scorer.name, err, meanwhile: `${meanwhile()} until it answers` })
    },
    /**
     * A call ran out of time (`forLoad`: waiting for a load of the model asked for already): the model is not asked
     * again until a check of its server finds it answering.
     */
    timedOut(forLoad: boolean) {
      if (!forLoad) condition.timedOut()
      rest(forLoad)
    },
    /** The server asked to be left alone for `sec` seconds (a 429 or 503 with Retry-After): calls skip it till then. */
    holdOff(sec: number) {
      heldUntil = Math.max(heldUntil, now() + sec * 1000)
    },
    /** What is known of the model right now (scorer-condition.ts). */
    condition: condition.read,
    /** The same for the console, its server looked at when nothing has told it for RECHECK_MS (scorer-look.ts). */
    look: scorerLook(scorer, condition, { quietMs: RECHECK_MS, probeMs: PROBE_MS }, skipping),
    /** Whether the model rests after a call waited for its load: the calls that skip it meanwhile are no failure. */
    restingForLoad: () => resting && restForLoad,
    resting: skipping,
    /**
     * Whole seconds after which asking again may find the model answering (the `Retry-After` of a 503
     * scorer_unavailable, docs/api.md#error-codes). Resting: until the next check is due, or, while a check runs, until
     * it ends. Otherwise each call asks the model anew; the pace at which this service checks a server that stopped
     * answering is as good a guess as any.
     */
    retryAfterSec(): number {
      if (now() < heldUntil) return Math.ceil((heldUntil - now()) / 1000)
      if (!resting) return RECHECK_MS / 1000
      if (checking) return Math.ceil(PROBE_MS / 1000)
      return Math.max(1, Math.ceil((lastCheck + RECHECK_MS - now()) / 1000))
    },
    /** A call succeeded: an outage, if any, is over. */
    answered() {
      condition.answering()
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
      let problem = ownAddress(a.config, scorer.endpoint)
      try {
        problem ??= await scorer.probe(AbortSignal.timeout(PROBE_MS))
      } catch (err) {
        down = true
        if (err instanceof Error && err.name === 'TimeoutError') {
          rest()
          condition.timedOut()
        } else {
          unreached = true
          condition.unreachable()
        }
        const reason = unreachableReason(err, scorer.endpoint, scorer.name)
        // Nothing listening (not a name unresolved or a server that hangs, whose reasons say what to check): start it.
        const start =
          reason === `no model server at ${scorer.endpoint}`
            ? `start it${howToStart(scorer.name, scorer.model)}, then`
            : 'once it runs,'
        log.warn('model_server_unreachable', {
          message: `${reason}; ${meanwhile()}; ${start} check it with: lead-signals scorer check`,
        })
        return false
      }
      if (!problem) {
        condition.answering()
        void warmUp()
        return true
      }
      down = true
      condition.unavailable(problem)
      log.warn('model_unavailable', { message: `${problem}; ${meanwhile()}` })
      return false
    },
  }
}
