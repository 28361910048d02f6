import { useEffect, useState } from 'preact/hooks'
import { api } from '../api'
import { type ScorerCondition, scorerNow } from '../scorer-now'
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
 * docs/console.md#settings: which scorer judges the team's posts, whether its model answers, and what to do when it
 * does not (GET /console/api/scorer). Said here whether or not signals exist: on a fresh site whose model is not
 * pulled, or whose model server is down, the Signals page's stand-in notice waits for signals the rules scorer judged.
 */
export function ScorerStatus() {
  const [condition, setCondition] = useState<ScorerCondition | null>(null)
  useEffect(() => {
    api<ScorerCondition>('GET', '/scorer')
      .then(setCondition)
      .catch(() => setCondition(null))
  }, [])
  if (!condition) return null
  if (condition.state === 'embedded')
    return (
      <section>
        <h2>Scorer</h2>
        <p class="scorer-now">The embedded rules scorer is configured: it needs no model server.</p>
      </section>
    )
  const model = condition.model ? ` with the model “${condition.model}”` : ''
  // A load ends by itself (its sentence says what answers meanwhile), and a model that answers needs nothing.
  const trouble = !['answering', 'unknown', 'loading'].includes(condition.state)
  return (
    <section>
      <h2>Scorer</h2>
      <p class="scorer-now">
        The {condition.backend} scorer{model} is configured. {stateOf(condition)}
      </p>
      {trouble && (
        <p>
          Until it answers,{' '}
          {condition.fallback === 'rules' ? (
            <>the embedded rules scorer judges posts (tagged “rules scorer”).</>
          ) : (
            <>
              posts wait unscored (<code>scorer.fallback = "none"</code>).
            </>
          )}{' '}
          <ScorerCheckHint />
        </p>
      )}
    </section>
  )
}
