import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { createProviderConnector } from '../provider/connector'
import {
  type FieldKey,
  type FieldMap,
  type ItemMapping,
  parseCount,
  parseDate,
  picker,
  text,
} from '../provider/mapping'
import type { PlatformConnector } from '../types'
import { AS_SENT } from '../../mention'
import { redditAuthor } from './author'

// docs/platforms.md#reddit: Reddit without an approved app, through an Apify actor the operator chooses. Actors that
// read Reddit's JSON pass its post objects on (id, permalink, author, subreddit, score, num_comments, created_utc);
// others rename them (username, communityName, upVotes, numberOfComments, createdAt). Both are looked for, in that
// order; `fields` picks a path instead, as for the provider platforms.
const REDDIT_PATHS: Record<FieldKey, string[]> = {
  id: ['id', 'parsedId', 'postId'],
  // The permalink first: a link post's `url` is the page it links to, not the post.
  url: ['permalink', 'postUrl', 'url', 'link'],
  content: ['selftext', 'body', 'text', 'content'],
  author: ['author', 'username', 'authorName'],
  profileUrl: ['authorUrl', 'profileUrl'],
  date: ['created_utc', 'createdAt', 'created', 'date'],
  likes: ['score', 'upVotes', 'ups', 'upvotes'],
  comments: ['num_comments', 'numberOfComments', 'commentsCount', 'comments'],
  shares: ['num_crossposts', 'crossposts'],
}
const SUBREDDIT_PATHS = ['subreddit', 'parsedCommunityName', 'communityName', 'community']
const REDDIT = 'https://www.reddit.com'

export function createRedditProviderConnector(config: Config['platforms']['reddit'], log: Logger): PlatformConnector {
  return createProviderConnector('reddit', config, log, toRedditMention)
}

/**
 * An actor's item as the mention Reddit's own API gives (reddit/connector.ts): the post's permalink on
 * www.reddit.com (which holds the subreddit, for `site:r/…` matching), the author's profile, the title and body, the
 * score as likes and the comments' count.
 */
export function toRedditMention(item: unknown, fields: FieldMap, searchedAt: string): ItemMapping {
  const pick = picker(item, fields, REDDIT_PATHS)
  const rawId = pick('id')
  const id = (typeof rawId === 'number' ? String(rawId) : text(rawId)).replace(/^t[13]_/, '')
  const subreddit = firstText(item, SUBREDDIT_PATHS).replace(/^\/?r\//, '')
  const url = permalink(text(pick('url')), subreddit, id)
  if (!url) return { skip: 'no reddit.com address for the post' }
  // The actor's title and body as it stored them, which the raw search answers (docs/platforms.md#as-sent); the
  // mention's own fields read them trimmed.
  const sent = [(item as Record<string, unknown> | null)?.title, pick('content')].map(stringOnly)
  const title = text(sent[0])
  const body = text(sent[1])
  const content = title && body ? `${title}\n\n${body}` : title || body
  if (!content) return { skip: 'no text content' }
  const date = parseDate(pick('date'))
  return {
    dated: date !== undefined,
    mention: {
      id: `reddit:${id || url.replace(/^.*\/comments\//, '').split('/')[0]}`,
      ...redditAuthor(text(pick('author')).replace(/^\/?u\//, ''), text(pick('profileUrl'))),
      content,
      url,
      date: date ?? searchedAt,
      platform: 'reddit',
      ...(title ? { title } : {}),
      [AS_SENT]: sent,
      engagement: {
        likes: parseCount(pick('likes')),
        comments: parseCount(pick('comments')),
        shares: parseCount(pick('shares')),
      },
    },
  }
}

/** The post's address on www.reddit.com: a relative permalink completed, else one built from subreddit and id. */
function permalink(found: string, subreddit: string, id: string): string {
  if (found.startsWith('/r/')) return `${REDDIT}${found}`
  if (/^https:\/\/(www\.|old\.)?reddit\.com\/r\/[^/]+\/comments\//.test(found))
    return found.replace(/\/\/old\./, '//www.')
  return subreddit && id ? `${REDDIT}/r/${encodeURIComponent(subreddit)}/comments/${encodeURIComponent(id)}/` : ''
}

function firstText(item: unknown, paths: string[]): string {
  const record = item as Record<string, unknown> | null
  for (const path of paths) {
    const value = text(record?.[path])
    if (value) return value
  }
  return ''
}

const stringOnly = (value: unknown) => (typeof value === 'string' ? value : undefined)
