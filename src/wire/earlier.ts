import * as v from 'valibot'
import type { ErrorCode } from '../errors'
import { Instant } from './instant'

/**
 * The earlier routes' error (docs/api.md#earlier-routes), `{success: false, error}`: the body names no code, so the
 * answer's description names the codes of the table its status stands for (docs/api.md#error-codes).
 */
export const earlierErrorBody = (codes: ErrorCode[]) =>
  v.pipe(
    v.object({
      success: v.pipe(v.literal(false), v.description('Always false on an error.')),
      error: v.pipe(v.string(), v.description('What went wrong and what to change, for people.')),
    }),
    v.description(`${codes.join(' or ')} in the earlier shape: when each is answered, docs/api.md#error-codes.`),
  )

/** A post of the earlier search (docs/api.md#post-records). */
const PostRecord = v.object({
  id: v.pipe(v.string(), v.description('`<network>:<id on the network>`.')),
  date: v.pipe(Instant, v.description("The post's date.")),
  content: v.pipe(v.string(), v.description("The post's text as the network gave it.")),
  name: v.pipe(v.nullable(v.string()), v.description('The author, or null when the network names none.')),
  link: v.pipe(v.string(), v.description("The post's URL.")),
  read: v.pipe(v.boolean(), v.description('Always false: this service has no way to mark a post read.')),
  evaluate: v.pipe(
    v.picklist(['hot', 'warm', 'cold']),
    v.description('From its score: hot (8 or more), warm (5 to under 8) or cold.'),
  ),
  sentiment: v.pipe(
    v.picklist(['good', 'neutrale', 'bad']),
    v.description(
      'bad (a complaint or words of disappointment), good (words of approval), else neutrale (the earlier spelling).',
    ),
  ),
  note: v.pipe(v.string(), v.description('Always empty: this service cannot set a note.')),
  language: v.pipe(
    v.string(),
    v.description("The ISO 639-1 code of the text's language; und when it is too short to tell."),
  ),
})

export const NetworkSearchReply = v.pipe(
  v.object({
    success: v.pipe(v.literal(true), v.description('Always true on a 200.')),
    network: v.pipe(v.string(), v.description('The network searched, as sent.')),
    results: v.pipe(
      v.object({
        count: v.pipe(v.number(), v.description('How many posts follow.')),
        posts: v.pipe(v.array(PostRecord), v.description('Up to 20 posts the network found, each scored.')),
      }),
      v.description('What the network found.'),
    ),
  }),
  v.description('The posts the network found for the keyword, scored; 1 request counted.'),
)

export const TestApiReply = v.pipe(
  v.object({
    success: v.pipe(v.literal(true), v.description('Always true on a 200.')),
    message: v.pipe(
      v.string(),
      v.description('Which credential was checked (API key or access token) and the team it belongs to.'),
    ),
  }),
  v.description('The credential may call the earlier routes; never counted.'),
)
