import * as v from 'valibot'
import { trimmed } from './common'
import { aboutPost, described, IntentAnswer } from './answer-fields-about'

// Swagger UI's "Try it out" sends the example as is; without one it sent "stringstri", a charged call that reads as
// off topic. This is README's own example, a post that qualifies.
const SCORE_EXAMPLE = {
  content: 'Our 12-person sales team lives in spreadsheets. Looking for a CRM, budget approved.',
  keyword: 'crm',
}

// Characters that show nothing (zero-width spaces and joiners, word joiners, a BOM, soft hyphens, variation
// selectors, fillers): content made of them passed the length check and was scored and charged as if a reader saw
// text. They do not count towards the 10 (docs/api.md#lead-scoring).
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu
const visibleLength = (text: string) => text.replace(INVISIBLE, '').trim().length

// Said once for the OpenAPI document and the MCP tool `score_lead`.
export const ScoreBody = v.pipe(
  v.strictObject({
    content: v.pipe(
      trimmed(10, 20_000),
      v.check(
        (text) => visibleLength(text) >= 10,
        'must be at least 10 characters, not counting invisible ones (zero-width spaces, joiners, soft hyphens)',
      ),
      v.description(
        'The text to score: a post, comment or message, 10 to 20,000 characters (trimmed; at least 10 visible).',
      ),
    ),
    keyword: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(200, 'must be at most 200 characters'),
        v.description('The keyword the text was found for, up to 200 characters.'),
      ),
    ),
    context: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(2000, 'must be at most 2000 characters'),
        v.description(
          'What your team sells, in a sentence or two, up to 2,000 characters; helps tell a competitor from a pain.',
        ),
      ),
    ),
  }),
  v.metadata({ examples: [SCORE_EXAMPLE] }),
)

export const ScoreResult = v.pipe(
  v.object({
    qualified: described(v.boolean(), 'Whether score reaches scorer.qualify_threshold (6 by default).'),
    score: v.pipe(v.number(), v.minValue(0), v.maxValue(10), v.description(aboutPost.score)),
    intent: IntentAnswer,
    icpMatch: described(v.nullable(v.string()), aboutPost.icpMatch),
    reason: described(v.string(), "The scorer's one sentence on why, quoting the text."),
  }),
  v.description('The text as judged; 1 request counted. The x-scorer header names the scorer that answered.'),
)
