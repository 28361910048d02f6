import type { Source } from './config/platform-names'

/**
 * The key of a searched mention's text as the platform sent it (docs/platforms.md#as-sent), which only the raw search
 * variant answers: a reference to the platform's own string, or to its fields in order where `content` is made of
 * several (a title and a body), never a copy. A symbol, so that JSON (the polling queue) and a copy to the polling
 * writer's thread leave it out. Absent where `content` is the platform's text already, and on a streamed post.
 */
export const AS_SENT = Symbol('as sent')

/**
 * One post (docs/api.md#mention-search), normalised; engagement numbers are always numbers. A leaf like errors.ts:
 * connectors produce it, polling queues it in storage, the domain scores it (docs/architecture.md#layers).
 */
export type Mention = {
  id: string
  author: string
  content: string
  url: string
  profileUrl: string
  date: string
  platform: Source
  engagement: { likes: number; comments: number; shares: number }
  /** The post's title where the platform has one (docs/queries.md#filters: `title:`); not part of the API's mention. */
  title?: string
  /** A comment or a reply rather than a post (`type:comment`); a post when absent. Not part of the API's mention. */
  kind?: 'post' | 'comment'
  /**
   * false where the platform named no author and the connector stood a name in (`unknown`, a site): `author` is then
   * what is shown, but no one's name, and the post belongs to no person (docs/people.md#who-is-a-person). Absent for
   * an author the platform named. Not part of the API's mention.
   */
  authorKnown?: false
  /**
   * The platform's own id of the author's account where its name can change and the id does not (X's author_id):
   * the person is kept by it (docs/people.md#renamed-accounts). Not part of the API's mention.
   */
  authorId?: string
  [AS_SENT]?: string | readonly (string | null | undefined)[]
}

/** The text of `m` as its platform sent it: its one field, or its fields that are there joined by a blank line. */
export function sentContent(m: Mention): string {
  const sent = m[AS_SENT]
  if (sent === undefined) return m.content
  return typeof sent === 'string' ? sent : sent.filter(Boolean).join('\n\n')
}
