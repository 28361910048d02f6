import type { Scorer } from '../../scorers/types'
import type { ScorerCondition, scorerCondition } from './scorer-condition'

/**
 * docs/console.md#settings: the console said of the model what the last call or check had told, so a model server
 * stopped since its last answer still read "The model answers" until a call came, which on a quiet site (sources that
 * cannot be reached, nothing polled) is never. Its reading now looks at the server, as the start-up check does
 * (`probeMs` at most), when the model is said to answer and nothing has told so for `quietMs`: one look at a time,
 * whose finding is the condition from then on. A model said to be in trouble is left to the calls and the health's own
 * checks, which also decide whether calls ask it (scorer-health.ts): a look that ended a rest would say "answers"
 * while calls still skip it.
 */
export function scorerLook(
  scorer: Scorer,
  condition: ReturnType<typeof scorerCondition>,
  timing: { quietMs: number; probeMs: number },
) {
  let looking: Promise<void> | undefined
  return async (): Promise<ScorerCondition> => {
    const told = condition.read()
    if (!scorer.probe || told.state !== 'answering' || condition.quietFor() < timing.quietMs) return told
    looking ??= scorer
      .probe(AbortSignal.timeout(timing.probeMs))
      .then(
        (problem) => (problem === undefined ? condition.answering() : condition.unavailable(problem)),
        // Nothing listening, a name unresolved, or no answer within probeMs: not reachable, as the console words it.
        () => condition.unreachable(),
      )
      .finally(() => {
        looking = undefined
      })
    await looking
    return condition.read()
  }
}
