import * as v from 'valibot'
import { htmlToText } from '../common/html-text'
import { authorOr, count, isoDate, ReadableDate } from '../common/mapping'
import { AS_SENT, type Mention } from '../../mention'
import { STATUS_ID } from './ids'

// Apart from the search (connector.ts): the stream (events.ts, stream-position.ts) reads statuses too and needs
// nothing else of the search; one reading for both, so a post found by either is the same mention with the same id.

/**
 * A status as the search and the stream read it: its id a status id (STATUS_ID, ids.ts), so that one with anything
 * else is passed over as unreadable rather than becoming a mention id or a stored position
 * (docs/platforms.md#mastodon).
 */
export const Status = v.object({
  id: v.pipe(v.string(), v.regex(STATUS_ID)),
  created_at: ReadableDate,
  uri: v.string(),
  url: v.nullish(v.string()),
  content: v.string(),
  spoiler_text: v.nullish(v.string()),
  in_reply_to_id: v.nullish(v.string()),
  account: v.object({ acct: v.string(), username: v.string(), url: v.string() }),
  favourites_count: v.nullish(v.number()),
  reblogs_count: v.nullish(v.number()),
  replies_count: v.nullish(v.number()),
})

/** The Mention id of status `id` of `instance` (ids are the instance's own). */
export const statusMentionId = (instance: string, id: string) => `mastodon:${instance}:${id}`

/**
 * A status as a Mention; the instance's host keeps ids apart if the operator moves to another instance. `sent`: it
 * keeps the text as sent (mention.ts AS_SENT) for a search's raw answer; the stream's, read by polling alone, does not.
 */
export function statusMention(instance: string, s: v.InferOutput<typeof Status>, sent = false): Mention {
  return {
    id: statusMentionId(instance, s.id),
    ...authorOr(s.account.acct || s.account.username),
    // The post as text; a content warning (spoiler_text, plain text) goes first, as readers see it.
    content: s.spoiler_text ? `${s.spoiler_text}\n\n${htmlToText(s.content)}` : htmlToText(s.content),
    [AS_SENT]: sent ? (s.spoiler_text ? [s.spoiler_text, s.content] : s.content) : undefined,
    url: s.url ?? s.uri,
    profileUrl: s.account.url,
    date: isoDate(s.created_at)!,
    platform: 'mastodon',
    ...(s.in_reply_to_id ? { kind: 'comment' as const } : {}),
    // shares = boosts (reblogs).
    engagement: { likes: count(s.favourites_count), comments: count(s.replies_count), shares: count(s.reblogs_count) },
  }
}
