import * as v from 'valibot'
import { Instant } from './instant'

const VERDICTS = ['relevant', 'not_relevant'] as const
const Verdict = v.picklist(VERDICTS, 'must be "relevant" or "not_relevant"')

const FeedbackFields = {
  verdict: v.pipe(
    Verdict,
    v.description(
      '"relevant" (a lead the team wants) or "not_relevant" (takes the signal out of the default list; it is kept, ' +
        'and include=dismissed shows it). A later verdict on the same signal replaces this one.',
    ),
  ),
  reason: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(500, 'must be at most 500 characters'),
      v.description("Why, in the team's words; up to 500 characters."),
    ),
  ),
}

/**
 * `POST /api/v1/signals/{id}/feedback`, the console's 👍 / 👎, the MCP tool `rate_signal` (docs/api.md#feedback).
 * Its example has no reason: without one Swagger UI's "Try it out" sent `"reason": "string"`, kept as the team's words.
 */
export const FeedbackBody = v.pipe(v.strictObject(FeedbackFields), v.metadata({ examples: [{ verdict: 'relevant' }] }))
export type FeedbackBody = v.InferOutput<typeof FeedbackBody>

/** The same, with the signal's id, as the MCP tool's arguments. */
export const FeedbackArgs = v.strictObject({
  id: v.pipe(
    v.string(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(100, 'must be at most 100 characters'),
    v.description("The id of one of the team's signals (from list_signals)."),
  ),
  ...FeedbackFields,
})

export const FeedbackAnswer = v.object({
  signalId: v.string(),
  verdict: Verdict,
  reason: v.nullable(v.string()),
  dismissed: v.pipe(v.boolean(), v.description('Whether the signal is now out of the default list.')),
  judgedAt: Instant,
  scoredBy: v.pipe(v.nullable(v.string()), v.description('The scorer that produced the signal (null: not recorded).')),
  model: v.pipe(v.nullable(v.string()), v.description('Its model, for model scorers.')),
  promptVersion: v.pipe(v.nullable(v.string()), v.description('Its prompt or rules version.')),
})

const Judged = {
  verdicts: v.object({ relevant: v.number(), notRelevant: v.number() }),
  precision: v.pipe(v.nullable(v.number()), v.description('relevant / judged, from 0 to 1; null when none is judged.')),
}

/** `GET /api/v1/keywords` (docs/api.md#keywords). */
export const KeywordFigures = v.object({
  team: v.object({ signals: v.pipe(v.number(), v.description("The team's signals, dismissed ones too.")), ...Judged }),
  keywords: v.array(
    v.object({
      query: v.pipe(v.string(), v.description('The tracked keyword, as the team wrote it.')),
      signals: v.pipe(v.number(), v.description('Signals found for it, dismissed ones too.')),
      ...Judged,
      threshold: v.pipe(
        v.object({
          value: v.number(),
          default: v.number(),
          tuned: v.boolean(),
          verdicts: v.number(),
          minVerdicts: v.pipe(v.number(), v.description('How many verdicts the keyword needs before they tune it.')),
          offIntents: v.pipe(
            v.array(v.string()),
            v.description(
              'Intents whose posts no longer qualify for this keyword however high they score: COMPETITOR, PAIN, ' +
                'QUESTION or MENTION once the team judged at least 10 of its signals of that intent, at most a tenth ' +
                'of them relevant.',
            ),
          ),
        }),
        v.description(
          'The score a post needs to qualify for this keyword: scorer.qualify_threshold (default) until minVerdicts ' +
            'verdicts, then the value that maximises F1 on them, within 2 points of the default (tuned).',
        ),
      ),
    }),
  ),
})
