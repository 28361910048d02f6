import * as v from 'valibot'

export const Intent = v.picklist(['ACTIVE', 'COMPETITOR', 'PAIN', 'QUESTION', 'MENTION'])
export type Intent = v.InferOutput<typeof Intent>

/**
 * An intent as a person gives it (a filter, a destination's intents, an imported signal): in any case, normalised to
 * upper case, so `active` is ACTIVE. `message` replaces the default words of a refusal.
 */
export const intentGiven = (message?: string) =>
  v.pipe(v.string(message), v.trim(), v.toUpperCase(), v.picklist(Intent.options, message))

/** An ideal-customer profile of the team, as the scorer sees it; `competitors` are rival products it names. */
export type IcpProfile = {
  readonly name: string
  readonly description: string
  readonly competitors?: readonly string[]
}

/** A post the team judged, shown to a model as an example of its taste (docs/scoring.md#tuning-by-verdicts). */
export type JudgedExample = { content: string; keyword: string; verdict: 'relevant' | 'not_relevant' }

export type ScoreInput = {
  content: string
  keyword?: string
  /** What the caller sells, in their words; lets a scorer tell a competitor from a pain. */
  context?: string
  icps: readonly IcpProfile[]
  /** Up to 5 of the team's latest verdicts; model scorers put them in the prompt, the rules scorer ignores them. */
  examples?: JudgedExample[]
}

/** The most characters a scorer's reason has (docs/scoring.md#reading-the-reply). */
export const MAX_REASON = 500

/** What every scorer returns. `qualified` is decided by the caller from `scorer.qualify_threshold`. */
export type ScoreResult = {
  score: number
  intent: Intent
  icpMatch: string | null
  reason: string
}

export type Scorer = {
  name: string
  /** The model that answers, for model backends (part of what a stored answer depends on). */
  model?: string
  /** The prompt or rules version (also part of that). */
  version?: string
  /** Where a model server answers (an origin, never credentials), for messages about it. */
  endpoint?: string
  score(input: ScoreInput, signal: AbortSignal): Promise<ScoreResult>
  /**
   * The start-up check (docs/scoring.md#checking-the-model-server): throws when the model server cannot be reached at
   * all; returns what is wrong when it answers but cannot serve the configured model (no such model, no such API at
   * the address, a key refused); undefined when it can.
   */
  probe?(signal: AbortSignal): Promise<string | undefined>
  /**
   * After a call ran out of time: has the model server load the model by a request no call waits on, as Ollama
   * abandons a load whose caller left (docs/scoring.md#checking-the-model-server).
   */
  loadModel?(): void
  /**
   * At start, once the start-up check found the server able to serve the model: has it load the model by a request no
   * call waits on, for a server that loads a model at its first request (docs/scoring.md#checking-the-model-server).
   * May settle once that request is sent, or found not needed.
   */
  warmUp?(): void | Promise<void>
  /**
   * Whether a load of the model asked for (`warmUp`, `loadModel`) is in flight: a call that ran out of time meanwhile
   * waited for it, which is no failure of the server; `loadModel` then says the load
   * (docs/scoring.md#checking-the-model-server).
   */
  modelLoading?(): boolean
  /**
   * A load of the model said in the log and under way, or the model said to be slow (in memory, but answering after
   * `scorer.timeout_ms`), with since when (a Date.now()); undefined otherwise
   * (docs/scoring.md#checking-the-model-server).
   */
  loadState?(): { state: 'loading' | 'slow'; since: number } | undefined
  /** Whether the server lists the model in memory (Ollama's GET /api/ps); undefined when it cannot tell. */
  inMemory?(): Promise<boolean | undefined>
  /** Ends what `loadModel` started, for a command that ends before it. */
  close?(): void
  /** What a person checking the scorer should know about the model once calls have shown it (a model that thinks). */
  caveat?(): string | undefined
}
