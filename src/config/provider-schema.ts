import * as v from 'valibot'

// The settings of a platform searched through a scraping provider (docs/platforms.md#providers).

export const DAY = 86_400
export const secret = v.optional(v.string(), '')
type Json = string | number | boolean | Json[] | { [key: string]: Json }
const JsonValue: v.GenericSchema<Json> = v.lazy(() =>
  v.union([v.string(), v.number(), v.boolean(), v.array(JsonValue), v.record(v.string(), JsonValue)]),
)
export const providerEntries = {
  provider: v.optional(v.picklist(['apify']), 'apify'),
  actor: secret,
  token: secret,
  // An actor's input is free-form JSON: lists (search queries, hashtags) and nested tables included.
  input: v.optional(v.record(v.string(), JsonValue), {}),
  fields: v.optional(
    v.record(
      v.picklist(['id', 'author', 'content', 'url', 'profileUrl', 'date', 'likes', 'comments', 'shares']),
      v.string(),
    ),
    {},
  ),
}
