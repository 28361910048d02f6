import { type ScorerCondition, scorerNow } from '../scorer-now'
import { backendName, platformName, type StandIn } from '../signal-facts'
import { Command } from './command'
import { counted } from './ui'

/** What the operator does about a model that does not answer (here and on Settings' Scorer section). */
export const ScorerCheckHint = () => (
  <>
    On the server, <Command command="lead-signals scorer check" /> says why; without a model server,{' '}
    <code>scorer.backend = "rules"</code> lets it answer alone.
  </>
)

/**
 * docs/console.md#the-signals-page: why the embedded scorer judged some of the page's signals, said once, with what can
 * be done: a model that did not answer (the scoring service's fallback), or one that could not keep up with a stream,
 * whose overflow past the polling queue's bound went to the embedded scorer (docs/streams.md#backpressure). For the
 * first, what the model is doing now (`condition`, GET /console/api/scorer): a load under way ends by itself, the rest
 * need a hand.
 */
export function StandInNotice(props: { standIns: StandIn[]; condition: ScorerCondition | null }) {
  const first = props.standIns[0] as StandIn
  // For a model that did not answer: what it is doing now (loading, down, missing), which the signals cannot tell.
  const condition = first.behind === null ? props.condition : null
  const now = condition && scorerNow(condition)
  // A load ends by itself, and a model that answers again needs nothing: no check to run then.
  const settled = condition?.state === 'loading' || condition?.state === 'answering'
  const n = props.standIns.length
  const these = `${counted(n, 'signal')} of this page ${n === 1 ? 'was' : 'were'} scored`
  // The stand-in by one name, the tag's and docs/scoring.md's: "the rules scorer" read as keyword rules, no model.
  const judged = `the embedded scorer judged ${n === 1 ? 'it' : 'them'} (tagged “embedded scorer”)`
  if (first.behind === null)
    return (
      <p class="notice" role="status">
        <span>
          {backendName(first.for, true)} could not answer when {these}, so {judged}.{now && ` Now ${now}`}
          {!settled && (
            <>
              {' '}
              <ScorerCheckHint />
            </>
          )}
        </span>
      </p>
    )
  const streams = [...new Set(props.standIns.map((s) => platformName(s.behind as string)))].join(' and ')
  return (
    <p class="notice" role="status">
      <span>
        {backendName(first.for, true)} could not keep up with the {streams} stream when {these}, so {judged}: the posts
        the polling queue had no room for went to it rather than being lost. The <a href="#/sources">Sources</a> page
        shows since when the model has been behind. On the server, a faster model (or model server) keeps up; until then
        polling passes score the queued posts with the model first (<a href="/docs/streams#backpressure">how</a>).
      </span>
    </p>
  )
}
