import * as v from 'valibot'
import { httpUrl } from './fields'

// The stream settings of the platform tables that can stream (docs/streams.md#settings).

const mode = (fallback: 'stream' | 'search') => v.optional(v.picklist(['stream', 'search']), fallback)
const wsUrl = v.pipe(v.string(), v.url(), v.regex(/^wss?:\/\//, 'must be a ws(s) URL'))

/** `mode` and `stream_url` (an HTTP address read by polling it often, as Hacker News's Firebase API). */
export const httpStream = (fallback: 'stream' | 'search', defaultUrl: string) => ({
  mode: mode(fallback),
  stream_url: v.optional(httpUrl, defaultUrl),
})

/** Bluesky: one Jetstream `…/subscribe` address or several, tried in turn when one fails. */
export const jetstream = (fallback: 'stream' | 'search', defaultUrls: string[]) => ({
  mode: mode(fallback),
  stream_url: v.optional(
    v.pipe(
      v.union([wsUrl, v.pipe(v.array(wsUrl), v.minLength(1, 'at least one address'))]),
      v.transform((u) => (Array.isArray(u) ? u : [u])),
    ),
    defaultUrls,
  ),
})

/** Mastodon: the streaming API of the instance (empty: the instance's own `base_url`) and which timeline. */
export const mastodonStream = () => ({
  mode: mode('search'),
  stream_url: v.optional(v.union([v.literal(''), httpUrl]), ''),
  // "public", "public:local" or "hashtag:<tag>" (docs/streams.md#mastodon).
  stream_timeline: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(public|public:local|hashtag:[\p{L}\p{N}_]+)$/u, 'public, public:local or hashtag:<tag>'),
    ),
    'public',
  ),
})

/** Reddit: the subreddits whose newest posts and comments are read (empty: r/all). */
export const redditStream = () => ({
  mode: mode('search'),
  stream_url: v.optional(httpUrl, 'https://oauth.reddit.com'),
  stream_subreddits: v.optional(v.array(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{2,21}$/, 'a subreddit name'))), []),
})
