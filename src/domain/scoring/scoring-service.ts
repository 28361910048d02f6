import { version } from '../../../package.json'
import type { Config } from '../../config/schema'
import type { Clock } from '../../lib/clock'
import { sha256Hex } from '../../lib/hash'
import { createLimiter, LimiterTimeout } from '../../lib/limiter'
import { mapLimited } from '../../lib/map-limited'
import type { Logger } from '../../lib/log'
import { createRulesScorer } from '../../scorers/rules/index'
import type { RulesPool } from '../../scorers/rules/pool'
import { scorerWords } from '../../scorers/scorer-words'
import type { ScoreInput, ScoreResult, Scorer } from '../../scorers/types'
import { waitAskedBy } from '../../scorers/asked-to-wait'
import { AppError } from '../../errors'
import { createScorerHealth } from './scorer-health'
import { embeddedBatch, serviceBatch, standInReason } from './service-batches'
import type { Repos } from '../../storage/repos'

/** A score and the scorer that produced it (named in the `x-scorer` response header). */
type Scored = ScoreResult & { scoredBy: string }
/** The scorer, model and prompt version behind a score. */
type Producer = { scoredBy: string; model: string | null; promptVersion: string | null }

// Callers beyond this many per slot wait no longer: they get the fallback (or 503) at once.
const WAITING_PER_SLOT = 16
const NEVER_ABORTED = new AbortController().signal
const SEARCH_TIME_HINT = (ms: number) =>
  `scorer.timeout_ms (${ms / 1000} s) is the time for all a search finds; a smaller limit or one platform asks less`

/**
 * The one way text gets scored (score endpoint, searches, polling): the configured scorer, at most
 * `scorer.concurrency` calls in flight with a bounded queue, each within `scorer.timeout_ms`; answers of a model
 * are stored, so the same question never reaches the model twice, also after a restart. When the scorer cannot
 * answer, `scorer.fallback = "rules"` answers with the rules scorer and says so in the reason; `"none"` is 503.
 */
export function createScoringService(a: {
  config: Config
  scorer: Scorer
  cache: Repos['scoreCache']
  clock: Clock
  log: Logger
}) {
  const { scorer } = a
  const limiter = createLimiter(a.config.scorer.concurrency, a.config.scorer.concurrency * WAITING_PER_SLOT)
  const rules = createRulesScorer()
  // The rules scorer answers in microseconds, in process: storing its answers would cost more than computing them,
  // and it cannot hang, so it needs neither a slot nor a timer.
  const embedded = scorer.name === 'rules'
  const health = createScorerHealth({ config: a.config, scorer, log: a.log, now: () => a.clock.now().getTime() })
  // The model server as a person calls it (docs/scoring.md#backends), in the 503 and in a stand-in's reason alike.
  const couldNot = `${scorerWords(scorer.name)} could not answer`
  const parts = { config: a.config.scorer, log: a.log, embedded, rules }
  async function fallBack(input: ScoreInput, err: unknown, quiet = false, resting = false): Promise<Scored> {
    if (!quiet) health.failed(err, resting)
    return standIn(input, couldNot, (sec) => `ask again in ${sec} s, when it may answer`)
  }

  // The rules scorer answers in the model's place, saying `why`; with `scorer.fallback = "none"`, 503 and `then`.
  async function standIn(input: ScoreInput, why: string, then: (retryAfterSec: number) => string): Promise<Scored> {
    if (a.config.scorer.fallback !== 'rules' || scorer.name === 'rules') {
      // Every caller that charges gives the unit back on this failure (docs/api.md#reserve-and-give-back).
      const retryAfterSec = health.retryAfterSec()
      throw new AppError('scorer_unavailable', `${why}; nothing was charged: ${then(retryAfterSec)}`, { retryAfterSec })
    }
    const r = await rules.score(input, NEVER_ABORTED)
    return { ...r, reason: standInReason(r.reason, why), scoredBy: 'rules' }
  }

  // A search's time ran out before the model answered (see scoreAll): the model was not at fault, so its health is
  // left alone and it does not rest.
  const outOfTime = (input: ScoreInput) =>
    standIn(input, `${couldNot} within the search time`, () => SEARCH_TIME_HINT(a.config.scorer.timeout_ms))
  /** `until`: a performance.now() by which the answer is due, whatever scorer.timeout_ms leaves (scoreAll). */
  async function score(teamId: string, input: ScoreInput, signal?: AbortSignal, until?: number): Promise<Scored> {
    if (embedded) return { ...(await scorer.score(input, NEVER_ABORTED)), scoredBy: scorer.name }
    const key = cacheKey(teamId, input, scorer)
    const hit = (await a.cache.get(key)) as ScoreResult | undefined
    if (hit) return { ...hit, scoredBy: scorer.name }
    // docs/scoring.md#fallback-and-timeouts: after a call ran out of time, the model rests until it answers a check.
    if (health.resting()) return fallBack(input, new Error('the model is resting'), health.restingForLoad(), true)
    const timeoutMs = Math.min(a.config.scorer.timeout_ms, until === undefined ? Infinity : until - performance.now())
    if (timeoutMs <= 0) return outOfTime(input)
    let result: ScoreResult
    try {
      result = await limiter.run(timeoutMs, (callSignal) => scorer.score(input, callSignal), signal)
    } catch (err) {
      if (signal?.aborted) throw err
      // A call that ran out of time may have been waiting for the model to load, which its server then abandons; one
      // that waited for a load asked for already failed no more than that load (its own lines tell it).
      const waited = err instanceof LimiterTimeout && scorer.modelLoading?.() === true
      if (err instanceof LimiterTimeout) scorer.loadModel?.()
      if (err instanceof LimiterTimeout && timeoutMs < a.config.scorer.timeout_ms) return outOfTime(input)
      if (err instanceof LimiterTimeout) health.timedOut(waited)
      const wait = waitAskedBy(err)
      if (wait !== undefined) health.holdOff(wait)
      return fallBack(input, err, waited)
    }
    health.answered()
    await a.cache.put(key, result, a.clock.now().toISOString())
    return { ...result, scoredBy: scorer.name }
  }

  const service = {
    scorerName: scorer.name,
    /**
     * What produced an answer, kept with each signal (docs/scoring.md#tuning-by-verdicts): the scorer that answered
     * (the rules scorer when it stood in for the model) with its model and prompt or rules version.
     */
    producer(scoredBy: string = scorer.name): Producer {
      const by = scoredBy === scorer.name ? scorer : rules
      // The rules change with the service, so the service's version names them.
      const promptVersion = by.name === 'rules' ? `rules-${version}` : (by.version ?? null)
      return { scoredBy: by.name, model: by.model ?? null, promptVersion }
    },
    scorerCondition: health.look, // what the model does now, for the console (scorer-look.ts)
    /** At start: says once when the model server cannot be reached (see scorer-health.ts). */
    checkModelServer: health.check,
    /** `signal`: the caller stops waiting (polling at shutdown); the call then fails without a fallback. */
    score: (teamId: string, input: ScoreInput, signal?: AbortSignal) => score(teamId, input, signal),
    /**
     * What a search found, in order, `scorer.concurrency` at a time and all within one `scorer.timeout_ms`, so that
     * the answer comes within the bound docs/operations.md#server-settings gives (docs/api.md#scored-variant): what
     * the model has not answered by then is the fallback's, as when it cannot answer. `latest`: a performance.now()
     * it ends by in any case, for a search whose platform's time is not bounded with the scorer's at start-up.
     */
    scoreAll(teamId: string, inputs: readonly ScoreInput[], latest = Infinity): Promise<Scored[]> {
      const until = Math.min(performance.now() + a.config.scorer.timeout_ms, latest)
      return mapLimited(inputs, a.config.scorer.concurrency, (input) => score(teamId, input, undefined, until))
    },
    /** Scoring for a long run, a polling pass: the configured scorer's (service-batches.ts). */
    batch: (opts: { rulesPool?: RulesPool } = {}) => serviceBatch({ ...parts, score: service.score }, opts),
    /** The embedded model alone for a long run, whatever the configured scorer (service-batches.ts). */
    embeddedBatch: (opts: { rulesPool?: RulesPool; why: string }) => embeddedBatch(parts, opts),
  }
  return service
}

export type ScoringService = ReturnType<typeof createScoringService>

/**
 * What a model's answer depends on; the team's profiles (icpMatch names one) and its judged examples are part of the
 * question.
 */
function cacheKey(teamId: string, input: ScoreInput, scorer: Scorer): string {
  return sha256Hex(
    JSON.stringify([
      teamId,
      input.content,
      input.keyword ?? '',
      input.context ?? '',
      input.icps,
      input.examples ?? [],
      scorer.name,
      scorer.model ?? '',
      scorer.version ?? '',
    ]),
  )
}
