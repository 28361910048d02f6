import * as v from 'valibot'
import { hostUrl } from './fields'

// The stream settings of the platform tables that can stream (docs/streams.md#settings).

const mode = (fallback: 'stream' | 'search') => v.optional(v.picklist(['stream', 'search']), fallback)
const wsUrl = v.pipe(v.string(), v.url(), v.regex(/^wss?:\/\//, 'must be a ws(s) URL'))

/**
 * `mode` and `stream_url` (an HTTP address read by polling it often, as Hacker News's Firebase API). A stream that
 * calls the platform's own paths at that address takes its host only (`hostUrl`); one that reads below it says so.
 */
export const httpStream = (
  fallback: 'stream' | 'search',
  defaultUrl: string,
  address: v.GenericSchema<string> = hostUrl,
) => ({
  mode: mode(fallback),
  stream_url: v.optional(address, defaultUrl),
})

/** Bluesky: one Jetstream `…/subscribe` address or several, tried in turn when one fails. */
export const jetstream = (fallback: 'stream' | 'search', defaultUrls: string[]) => ({
  mode: mode(fallback),
  stream_url: v.optional(
    v.pipe(
      v.union([wsUrl, v.pipe(v.array(wsUrl), v.minLength(1, 'must have at least one address'))]),
      v.transform((u) => (Array.isArray(u) ? u : [u])),
    ),
    defaultUrls,
  ),
})

// The streaming host as an instance publishes it (configuration.urls.streaming, a wss: address) or as http(s).
const NOT_STREAMING = 'must be an address starting with https://, http://, wss:// or ws://'
const streamingUrl = v.pipe(v.string(), v.url(NOT_STREAMING), v.regex(/^(https?|wss?):\/\//, NOT_STREAMING))

/** Mastodon: the streaming API (empty `stream_url`: the instance, `base_url`) and which public timeline. */
export const mastodonStream = () => ({
  mode: v.optional(v.picklist(['stream', 'search']), 'search'),
  stream_url: v.optional(v.union([v.literal(''), streamingUrl]), ''),
  stream_timeline: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(public|public:local|hashtag:[\p{L}\p{N}_]+)$/u, 'must be public, public:local or hashtag:<tag>'),
    ),
    'public',
  ),
  // How the streaming API is read (docs/platforms.md#mastodon): server-sent events, WebSocket (GoToSocial, Pleroma and
  // Akkoma serve only that), or server-sent events until the server answers that it serves none (auto).
  stream_transport: v.optional(v.picklist(['auto', 'sse', 'websocket']), 'auto'),
})

/** Reddit, with an approved app: the subreddits whose newest posts and comments are read (none: r/all). */
export const redditStream = () => ({
  mode: v.optional(v.picklist(['stream', 'search']), 'search'),
  stream_url: v.optional(hostUrl, 'https://oauth.reddit.com'),
  stream_subreddits: v.optional(
    v.array(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{2,21}$/, 'must be a subreddit name'))),
    [],
  ),
})
