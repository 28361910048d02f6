import type { Scorer } from '../../scorers/types'

/**
 * What the scoring service knows of the model right now (docs/console.md#the-signals-page), for the console's notice
 * that the embedded scorer stood in for it and its Settings page: whether it will answer by itself (a load under way)
 * or needs something done (a server to start, a model to pull, a timeout to raise). Words for people are the console's;
 * this carries no address nor any message of the server, which a team's members need not see.
 */
export type ScorerCondition = {
  backend: string
  model: string | null
  /** What answers while the model does not (scorer.fallback): the embedded rules scorer, or nothing (a 503). */
  fallback: 'rules' | 'none'
  state:
    | 'embedded' // the rules scorer is the configured one: no model server
    | 'unknown' // not asked yet since the start
    | 'answering' // its last call was answered, or its server can serve it
    | 'loading' // a load of the model is under way: it answers by itself once loaded
    | 'slow' // in memory, but answering more slowly than scorer.timeout_ms
    | 'timing_out' // its calls run out of scorer.timeout_ms (its server is checked every 15 s)
    | 'unreachable' // nothing answers at the server's address
    | 'model_missing' // the server does not have the model (for Ollama: `ollama pull`)
    | 'unavailable' // the server answers, but cannot serve the model (a key refused, no such API there)
    | 'failing' // its calls fail (an error of the server, unusable replies)
  /** Since when (ISO), for every state but embedded, unknown and answering. */
  since: string | null
}

type Trouble = Exclude<ScorerCondition['state'], 'embedded' | 'unknown' | 'answering' | 'loading' | 'slow'>

/** The model's condition as the scoring service's health sees it, with the loads its scorer tells of. */
export function scorerCondition(scorer: Scorer, now: () => number, fallback: ScorerCondition['fallback']) {
  let state: Trouble | 'unknown' | 'answering' = 'unknown'
  let since: number | null = null
  // When a call or a check last told the condition (scorer-look.ts looks at the server when that is long ago).
  let heard: number | null = null
  const about = { backend: scorer.name, model: scorer.model ?? null, fallback }
  const missing = (text: string) => scorer.model !== undefined && text.includes(`no model "${scorer.model}"`)
  const set = (to: Trouble) => {
    heard = now()
    if (state !== to) since = heard
    state = to
  }
  return {
    /** The server could not be reached at all (nothing listening, a name unresolved). */
    unreachable: () => set('unreachable'),
    /** The server answered but cannot serve the model: `problem` is the start-up check's line. */
    unavailable: (problem: string) => set(missing(problem) ? 'model_missing' : 'unavailable'),
    timedOut: () => set('timing_out'),
    /** A call failed for another reason than its time. */
    failed(err: unknown) {
      if (state === 'timing_out') return
      const message = err instanceof Error ? err.message : String(err)
      if (message.startsWith('no model server at ')) return set('unreachable')
      set(missing(message) ? 'model_missing' : 'failing')
    },
    /** A call was answered, or a check found the server able to serve the model. */
    answering() {
      heard = now()
      state = 'answering'
      since = null
    },
    /** Milliseconds since a call or a check last told the condition; Infinity when none has. */
    quietFor: () => (heard === null ? Number.POSITIVE_INFINITY : now() - heard),
    read(): ScorerCondition {
      if (!scorer.probe) return { ...about, state: 'embedded', since: null }
      const load = scorer.loadState?.()
      if (load) return { ...about, state: load.state, since: new Date(load.since).toISOString() }
      return { ...about, state, since: since === null ? null : new Date(since).toISOString() }
    },
  }
}
