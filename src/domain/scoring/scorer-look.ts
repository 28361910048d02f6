import type { Scorer } from '../../scorers/types'
import type { ScorerCondition, scorerCondition } from './scorer-condition'

// What a look may find out of date: the model answering, or a server a call found down or unable to serve the model,
// which is what the look checks. A load, a slow model and a rest after a timeout are the health's own to end; calls
// that failed (an error of the server, unusable replies) are the calls' to end, since a server that lists its models
// may still fail them.
const LOOKED_AT: readonly ScorerCondition['state'][] = ['answering', 'unreachable', 'unavailable', 'model_missing']

/**
 * docs/console.md#settings: the console said of the model what the last call or check had told, so a model server
 * stopped since its last answer still read "The model answers", and one started again "not reachable", until a call
 * came, which on a quiet site (sources that cannot be reached, nothing polled) is never. When nothing has told the
 * condition for `quietMs`, the console's reading first asks `skipping` as a call would (which starts the health's own
 * check when one is due, scorer-health.ts), and, while calls do ask the model, looks at its server as the start-up
 * check does (`probeMs` at most; one look at a time), whose finding is the condition from then on.
 */
export function scorerLook(
  scorer: Scorer,
  condition: ReturnType<typeof scorerCondition>,
  timing: { quietMs: number; probeMs: number },
  skipping: () => boolean,
) {
  let looking: Promise<void> | undefined
  return async (): Promise<ScorerCondition> => {
    const told = condition.read()
    if (!scorer.probe || !LOOKED_AT.includes(told.state) || condition.quietFor() < timing.quietMs) return told
    // Calls skip the model: its health's check decides when they ask it again, and what the console says then.
    if (skipping()) return told
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
