import type { Deps } from '../../deps'
import { scoreLead } from '../../domain/scoring/score-lead'
import { ScoreBody, ScoreResult } from '../../wire/leads'
import { INTENT_DEFINITIONS, SCORE_BANDS } from '../../domain/scoring/guide'
import { defineTool, REASON_QUOTES } from '../tool'

// The same intents and score bands the scorer is given, so a model reads a result the way it was meant.
const GUIDE = [
  'Intents (the first that applies wins):',
  ...Object.entries(INTENT_DEFINITIONS).map(([intent, meaning]) => `- ${intent}: ${meaning}.`),
  'Scores:',
  ...SCORE_BANDS.map((b) => `- ${b.band}: ${b.meaning}.`),
].join('\n')

/** `POST /api/v1/leads/score`; the scorer that answered goes in `_meta` where REST sends the x-scorer header. */
export function scoreLeadTool(deps: Deps) {
  return defineTool({
    name: 'score_lead',
    title: 'Score a lead',
    description:
      'Score a text (a post, a comment, a message) for buying intent: its intent, a score from 0 to 10, ' +
      `whether it is qualified (score ${deps.config.scorer.qualify_threshold} or more on this server), the name of the ` +
      "team's best-matching ideal-customer profile (icpMatch, or null) and a one-sentence reason quoting the text. " +
      'Give context (what your team sells) for a sharper answer. Counts 1 request against the monthly quota when ' +
      `it succeeds. ${REASON_QUOTES}\n\n` +
      GUIDE,
    input: ScoreBody,
    output: ScoreResult,
    counted: true,
    scope: 'leads:score',
    openWorld: false,
    async run(caller, args, signal) {
      const { body, scoredBy } = await scoreLead(deps, caller, args, signal)
      const verdict = body.qualified ? 'qualified' : 'not qualified'
      const icp = body.icpMatch ? `, matches "${body.icpMatch}"` : ''
      // The backend `rules` by its name in docs/scoring.md; "rules" alone reads as keyword rules with no model.
      const by = scoredBy === 'rules' ? 'the embedded scorer' : scoredBy
      // The reason quotes the text, often a stranger's post, and a model scorer wrote it after reading that post: it
      // stays in the JSON, framed as data, out of the line that is the server's own words
      // (docs/security.md#platform-text).
      return {
        result: body,
        summary: `${body.intent}, score ${body.score} of 10, ${verdict}${icp} (scored by ${by}); its reason, which quotes the text, is in the JSON that follows.`,
        meta: { 'lead-signals/scorer': scoredBy },
      }
    },
  })
}
