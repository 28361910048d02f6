import { type ScorerCondition, scorerNow } from '../scorer-now'
import { backendName } from '../signal-facts'
import { needsAHand, UntilItAnswers } from './scorer-status'

/**
 * docs/console.md#the-signals-page: the Signals page's word on a model that does not answer now, where no signal the
 * rules scorer judged brings up the stand-in notice: a new team's empty page (its model not pulled, its model server
 * down), or the model's own signals while nothing stands in for it (scorer.fallback = "none"). The same state and
 * advice as Settings' Scorer section, from the same parts.
 */
export function ScorerNotice({ condition }: { condition: ScorerCondition | null }) {
  // The notice names the server first, so what it is doing follows as "it": "The Ollama model server cannot answer:
  // the model server has not been reachable" named it twice in one breath. Settings' sentence stands alone and keeps
  // it.
  const now = condition && scorerNow(condition)?.replace(/^the model server /, 'it ')
  if (!condition || !now || condition.state === 'answering') return null
  return (
    <p class="notice scorer-trouble" role="status">
      <span>
        {backendName(condition.backend, true)} cannot answer{condition.state === 'loading' ? ' yet' : ''}: {now}
        {needsAHand(condition) && (
          <>
            {' '}
            <UntilItAnswers condition={condition} />
          </>
        )}
      </span>
    </p>
  )
}
