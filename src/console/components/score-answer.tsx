import { backendName, bandOf, splitReason } from '../signal-facts'

/** POST /console/api/score's answer: the API's lead score and the scorer that answered (its x-scorer header). */
export type ScoreAnswer = {
  qualified: boolean
  score: number
  intent: string
  icpMatch: string | null
  reason: string
  scoredBy: string
}

// docs/scoring.md#intents, in a line each: the code alone ("PAIN") did not say what the scorer saw in the post.
const INTENT_WORDS: Record<string, string> = {
  ACTIVE: 'wants to buy, hire or adopt a product or service now',
  COMPETITOR: 'names a rival product while using it, leaving it, complaining about it or comparing it',
  PAIN: 'describes a problem your product could solve, without asking for a product',
  QUESTION: 'asks how to do something or which option is better, without wanting to buy now',
  MENTION: 'on topic, but news, an opinion or a passing reference',
}

/**
 * docs/console.md#try-the-scorer: how the scorer read a post. The reason quotes the post, which may hold anything
 * (markup, a script): it is only ever text here, as on every page. A stand-in's note is said as its own line: which
 * model did not answer, and that the embedded scorer did in its place.
 */
export function ScoreAnswerView(props: { answer: ScoreAnswer }) {
  const a = props.answer
  const { text, standIn } = splitReason(a.reason)
  const band = bandOf(a.score)
  return (
    <section class="score-answer" aria-label="How the scorer read it">
      <h2>How the scorer read it</h2>
      <dl class="facts">
        <dt>Intent</dt>
        <dd>
          <strong>{a.intent}</strong>: {INTENT_WORDS[a.intent] ?? 'as the scorer named it'}
        </dd>
        <dt>Score</dt>
        <dd>
          <span class={`score band-${band.name}`}>{a.score}</span> {band.meaning}.{' '}
          {a.qualified
            ? 'Qualified: at or above the qualify threshold.'
            : 'Not qualified: below the qualify threshold.'}
        </dd>
        <dt>ICP profile matched</dt>
        <dd dir="auto">{a.icpMatch ?? 'None of your profiles'}</dd>
        <dt>Reason</dt>
        <dd dir="auto">{text}</dd>
        <dt>Scored by</dt>
        <dd>
          {standIn
            ? `The embedded scorer, in place of ${backendName(standIn.for)}, which could not answer: the server fell back (scorer.fallback = "rules").`
            : `${backendName(a.scoredBy, true)}.`}
        </dd>
      </dl>
    </section>
  )
}
