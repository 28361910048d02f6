import * as v from 'valibot'
import { Intent } from '../domain/scoring/guide'

/**
 * What the fields of a scored post mean, said once for every answer that carries them (signals, a person's posts, the
 * scored search, the score route) so that Swagger UI uses one vocabulary: docs/api.md#signals, docs/scoring.md.
 */
export const aboutPost = {
  intent:
    'What the author wants: ACTIVE (to buy or adopt now), COMPETITOR (uses, leaves or compares a rival product), ' +
    'PAIN (has a problem the team solves), QUESTION (asks how or which), MENTION (anything else on topic).',
  score:
    'Buying intent from 0 to 10 (docs/scoring.md#score-bands): 9-10 ready to buy now, 7-8 clear intent to buy or ' +
    'switch, 5-6 a real problem or a question that often leads to a purchase, 3-4 on topic only, 0-2 off topic.',
  reason: "The scorer's one sentence on why, quoting the post.",
  icpMatch: "The name of the team's ICP profile the author fits best, or null when none fits.",
  author: 'Who wrote the post, as its platform names them.',
  platform: 'The platform the post is on.',
  url: 'The post on its platform.',
  keyword: "The tracked keyword that found it, in the team's spelling.",
  publishedAt: 'When the post was published, as its platform dates it.',
  preview: "The post's first 300 characters, as plain text.",
}

/** An intent in an answer, with its meaning. */
export const IntentAnswer = v.pipe(Intent, v.description(aboutPost.intent))

/** A field of an answer with its meaning, which the OpenAPI document shows beside it. */
export const described = <S extends v.GenericSchema>(schema: S, description: string) =>
  v.pipe(schema, v.description(description))
