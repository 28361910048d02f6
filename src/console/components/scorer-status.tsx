import { type ScorerCondition, scorerNow } from '../scorer-now'
import { backendName } from '../signal-facts'
import { useScorerCondition } from '../use-scorer-condition'
import { ScorerCheckHint } from './stand-in-notice'

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** What the model is doing, for a state scorerNow has no words for: answering, not asked yet. */
function stateOf(c: ScorerCondition): string | null {
  if (c.state === 'answering') return 'The model answers.'
  if (c.state === 'unknown') return 'The model has not been asked yet since the service started.'
  const now = scorerNow(c)
  return now && capital(now)
}

/**
 * A model that does not answer and will not by itself: a load ends by itself (its sentence says what answers
 * meanwhile), and a model that answers, or has not been asked yet, needs nothing.
 */
export const needsAHand = (c: ScorerCondition) => !['embedded', 'answering', 'unknown', 'loading'].includes(c.state)

/** What scores posts until the model answers, and where to look: here and on the Signals page alike. */
export function UntilItAnswers(props: { condition: ScorerCondition }) {
  return (
    <>
      Until it answers,{' '}
      {props.condition.fallback === 'rules' ? (
        <>the embedded scorer judges posts (tagged “embedded scorer”).</>
      ) : (
        <>
          posts wait unscored (<code>scorer.fallback = "none"</code>).
        </>
      )}{' '}
      <ScorerCheckHint />
    </>
  )
}

/**
 * docs/console.md#settings: which scorer judges the team's posts, whether its model answers, and what to do when it
 * does not (GET /console/api/scorer). Said here whether or not signals exist, as the Signals page's ScorerNotice does.
 */
export function ScorerStatus() {
  const condition = useScorerCondition()
  if (!condition) return null
  if (condition.state === 'embedded')
    return (
      <section>
        <h2>Scorer</h2>
        <p class="scorer-now">The embedded scorer is configured: it needs no model server.</p>
      </section>
    )
  const model = condition.model ? ` with the model “${condition.model}”` : ''
  return (
    <section>
      <h2>Scorer</h2>
      <p class="scorer-now">
        {backendName(condition.backend, true)}
        {model} is configured. {stateOf(condition)}
      </p>
      {needsAHand(condition) && (
        <p>
          <UntilItAnswers condition={condition} />
        </p>
      )}
    </section>
  )
}
