import * as v from 'valibot'
import { isoDate } from '../common/mapping'
import type { Mention } from '../../mention'

// A Jetstream event (github.com/bluesky-social/jetstream, README "Consuming Jetstream"): {did, time_us, kind: "commit"
// | "identity" | "account", commit: {operation, collection, rkey, record, cid}}; what the reader reads of it.
export const Event = v.object({
  did: v.string(),
  time_us: v.number(),
  kind: v.string(),
  commit: v.optional(
    v.object({
      operation: v.string(),
      collection: v.string(),
      rkey: v.string(),
      // A record a PDS did not check (a text that is not a string) leaves an event that is one all the same, not a
      // message that is no event (a gap): read without its record, it is no post.
      record: v.fallback(
        v.optional(
          v.object({ text: v.optional(v.string()), createdAt: v.optional(v.string()), reply: v.optional(v.unknown()) }),
        ),
        undefined,
      ),
    }),
  ),
})

/**
 * What a commit is, whichever instance sent it and whatever its clock: its author, collection, record key and
 * operation (jetstream-cursor.ts, rereadWatch).
 */
export const commitKey = (did: string, c: { collection: string; rkey: string; operation: string }) =>
  `${did}/${c.collection}/${c.rkey}/${c.operation}`

/** commitKey of an event; undefined for one that is no commit. */
export const eventKey = (e: v.InferOutput<typeof Event>) =>
  e.kind === 'commit' && e.commit ? commitKey(e.did, e.commit) : undefined

/** The Mention id of the post a deletion commit removes, or undefined for any other event. */
export function deletedPost(e: v.InferOutput<typeof Event>): string | undefined {
  const c = e.commit
  if (e.kind !== 'commit' || c?.operation !== 'delete' || c.collection !== 'app.bsky.feed.post') return undefined
  return `bluesky:at://${e.did}/app.bsky.feed.post/${c.rkey}`
}

/** A new post as a Mention with the id the search connector gives it; deletions and other events are passed over. */
export function toMention(e: v.InferOutput<typeof Event>, now: () => Date): Mention | undefined {
  const c = e.commit
  if (e.kind !== 'commit' || !c || c.operation !== 'create' || c.collection !== 'app.bsky.feed.post') return undefined
  if (!c.record?.text) return undefined
  return {
    id: `bluesky:at://${e.did}/app.bsky.feed.post/${c.rkey}`,
    // Jetstream names the author by DID only: the stream runner asks its handle (profile-names.ts), and the person is
    // kept by the DID, which stays when the handle changes (docs/people.md#renamed-accounts). bsky.app links accept
    // the DID in place of the handle, and keep working when a handle stops verifying.
    author: e.did,
    authorId: e.did,
    content: c.record.text,
    url: `https://bsky.app/profile/${e.did}/post/${encodeURIComponent(c.rkey)}`,
    profileUrl: `https://bsky.app/profile/${e.did}`,
    // The createdAt its author's client wrote, else its time_us; a time no date holds is this server's now.
    date: isoDate(c.record.createdAt) ?? isoDate(e.time_us / 1000, 'ms') ?? now().toISOString(),
    platform: 'bluesky',
    ...(c.record.reply ? { kind: 'comment' as const } : {}),
    engagement: { likes: 0, comments: 0, shares: 0 },
  }
}
