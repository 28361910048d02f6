import * as v from 'valibot'
import { AS_SENT, type Mention } from '../../mention'
import { stripHtml } from '../common/html-text'
import { authorOr, count, isoDate, ReadableDate } from '../common/mapping'

// A launch as the posts connection of Product Hunt API v2 sends it (api.producthunt.com/v2/docs), and the mention it
// becomes: the connector (connector.ts) reads and matches the launches, this file says what one of them shows a user.
// Since 2023 the API answers "[REDACTED]" for other users' names and profile links, by design (producthunt-api#280).
export const Post = v.object({
  node: v.object({
    id: v.union([v.string(), v.number()]),
    name: v.string(),
    tagline: v.nullish(v.string()),
    description: v.nullish(v.string()),
    url: v.pipe(v.string(), v.url()),
    createdAt: ReadableDate,
    votesCount: v.nullish(v.number()),
    commentsCount: v.nullish(v.number()),
    user: v.nullish(
      v.object({ name: v.nullish(v.string()), username: v.nullish(v.string()), url: v.nullish(v.string()) }),
    ),
  }),
})
export type Post = v.InferOutput<typeof Post>['node']

/** A Product Hunt link without its tracking parameters (utm_*), which name the operator's API application. */
function withoutTracking(link: string): string {
  if (!URL.canParse(link)) return link
  const url = new URL(link)
  for (const name of [...url.searchParams.keys()]) if (/^utm_/i.test(name)) url.searchParams.delete(name)
  return url.href
}

const shown = (s: string | null | undefined): s is string => !!s && s.trim() !== '' && !s.includes('[REDACTED]')
const web = (s: string | null | undefined): s is string => shown(s) && /^https?:\/\//i.test(s)

export function toMention(post: Post): Mention {
  const user = post.user
  const postUrl = withoutTracking(post.url)
  // The hunter's profile, when the API shows them; redacted, none: the post's page or the product's site is no one's
  // profile, and a link to it under the name read as the author's (docs/platforms.md#producthunt).
  let profileUrl = ''
  if (web(user?.url)) profileUrl = withoutTracking(user.url)
  else if (shown(user?.username)) profileUrl = `https://www.producthunt.com/@${encodeURIComponent(user.username)}`
  return {
    id: `producthunt:${post.id}`,
    ...authorOr((shown(user?.name) && user.name) || (shown(user?.username) && user.username) || undefined),
    // Name, tagline and description, as text.
    content: [post.name, post.tagline, post.description]
      .filter(Boolean)
      .map((t) => stripHtml(t!))
      .join('\n\n'),
    [AS_SENT]: [post.name, post.tagline, post.description],
    url: postUrl,
    profileUrl,
    date: isoDate(post.createdAt)!,
    platform: 'producthunt',
    // likes = upvotes; Product Hunt has no share counter, so shares is 0.
    engagement: { likes: count(post.votesCount), comments: count(post.commentsCount), shares: 0 },
  }
}
