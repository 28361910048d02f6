import * as v from 'valibot'
import { Instant } from './instant'
import { described } from './answer-fields-about'

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

export const FeedbackAnswer = v.pipe(
  v.object({
    signalId: described(v.string(), 'The signal judged.'),
    verdict: described(Verdict, 'The verdict now in force: relevant or not_relevant.'),
    reason: described(v.nullable(v.string()), "The team's reason, trimmed; null when none was given."),
    dismissed: v.pipe(v.boolean(), v.description('Whether the signal is now out of the default list.')),
    judgedAt: described(Instant, 'When this verdict was recorded.'),
    scoredBy: v.pipe(
      v.nullable(v.string()),
      v.description(
        'The scorer that produced the signal: its backend, `rules` for the embedded scorer (null: not recorded).',
      ),
    ),
    model: v.pipe(v.nullable(v.string()), v.description('Its model, for model scorers.')),
    promptVersion: v.pipe(
      v.nullable(v.string()),
      v.description('Its prompt version, or `rules-` and the service version for the embedded scorer.'),
    ),
  }),
  v.description('The verdict as recorded, and what produced the signal; not counted.'),
)

const Judged = {
  verdicts: described(
    v.object({
      relevant: described(v.number(), 'Signals judged relevant.'),
      notRelevant: described(v.number(), 'Signals judged not relevant.'),
    }),
    'The verdicts on these signals (POST /api/v1/signals/{id}/feedback).',
  ),
  precision: v.pipe(v.nullable(v.number()), v.description('relevant / judged, from 0 to 1; null when none is judged.')),
}

/** `GET /api/v1/keywords` (docs/api.md#keywords). */
export const KeywordFigures = v.pipe(
  v.object({
    team: described(
      v.object({ signals: v.pipe(v.number(), v.description("The team's signals, dismissed ones too.")), ...Judged }),
      "The figures over all the team's signals, for any keyword.",
    ),
    keywords: described(
      v.array(
        v.object({
          query: v.pipe(v.string(), v.description('The tracked keyword, as the team wrote it.')),
          signals: v.pipe(v.number(), v.description('Signals found for it, dismissed ones too.')),
          ...Judged,
          threshold: v.pipe(
            v.object({
              value: described(v.number(), 'The score its posts need now to become signals.'),
              default: described(v.number(), 'scorer.qualify_threshold: the score needed until verdicts tune it.'),
              tuned: described(v.boolean(), 'Whether verdicts set value (from minVerdicts on).'),
              verdicts: described(v.number(), 'The verdicts on its signals so far.'),
              minVerdicts: v.pipe(
                v.number(),
                v.description('How many verdicts the keyword needs before they tune it.'),
              ),
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
      'Each tracked keyword with its figures, in the order they were added.',
    ),
  }),
  v.description("The team's tracked keywords with what came of them; not counted."),
)
