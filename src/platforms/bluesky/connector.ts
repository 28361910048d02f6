import { cleanHandle } from './profile-names'
import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { count, isoDate, readEnvelope, readItems, ReadableDate } from '../common/mapping'
import { pagedSearch } from '../common/collect'
import { eitherPause, sharedPause, spentLimit } from '../common/credential-pauses'
import { pauseKey, perMachine, type PlatformShared } from '../common/shared-pauses'
import type { Mention } from '../../mention'
import type { PlatformConnector } from '../types'
import { createSessionKeeper, type Session } from './session'
import { XrpcError, xrpc } from './xrpc'
import { blueskyQuery } from '../../query/platform-queries'

// app.bsky.feed.searchPosts (lexicon): q required, sort "latest" | "top", limit 1..100 (default 25), and a cursor
// that is returned while more results exist. Logged-out search has been refused since early 2025, so every call
// carries the session's access token; the account's PDS (base_url) proxies the call to the AppView.
const PAGE_MAX = 100

const Post = v.object({
  uri: v.pipe(v.string(), v.startsWith('at://')),
  author: v.object({ did: v.string(), handle: v.string(), displayName: v.nullish(v.string()) }),
  // The record is the post as its author's client wrote it (app.bsky.feed.post): text and a client-supplied date.
  // `reply` is there when the post answers another (docs/queries.md#filters: type:comment).
  record: v.object({ text: v.string(), createdAt: v.nullish(v.string()), reply: v.nullish(v.unknown()) }),
  indexedAt: ReadableDate,
  likeCount: v.nullish(v.number()),
  replyCount: v.nullish(v.number()),
  repostCount: v.nullish(v.number()),
  quoteCount: v.nullish(v.number()),
})
const Output = v.object({ posts: v.array(v.unknown()), cursor: v.nullish(v.string()) })

export function createBlueskyConnector(
  config: Config['platforms']['bluesky'],
  log: Logger,
  shared: PlatformShared = {},
): PlatformConnector {
  // An answer that takes the last request of the window (ratelimit-remaining: 0) holds every search until its
  // ratelimit-reset: the next would be answered 429 (docs/platforms.md#rate-limits); so does a 429. The PDS counts
  // every request per address, whichever account makes it: this machine's, on that server.
  const key = pauseKey('bluesky', config.base_url, perMachine(''))
  const pause = spentLimit("bluesky's request limit is spent", 'bluesky', key, shared.pauses)
  // createSession is counted per account besides: a login's 429 holds that account's logins, on that server; it
  // holds this server's searches only while it has no session (source health shows it only then).
  const signIns = sharedPause(
    (wait, why) => `bluesky refused this account's logins (${why}): wait ${wait} s before searching again`,
    'bluesky',
    pauseKey('bluesky-login', config.base_url, config.identifier.toLowerCase()),
    shared.pauses,
    { holdsSearches: () => !sessions.holdsOne() },
  )
  const sessions = createSessionKeeper(config, log, { account: signIns, address: pause })

  const searchPage = (session: Session, params: URLSearchParams, signal?: AbortSignal) =>
    xrpc({
      baseUrl: config.base_url,
      nsid: 'app.bsky.feed.searchPosts',
      params,
      bearer: session.accessJwt,
      timeoutMs: config.timeout_ms,
      signal,
      heard: pause.heard,
    }).catch(pause.refused)

  /**
   * One page with the shared session; a token the server calls expired or invalid is renewed once and the page asked
   * again.
   */
  async function withSession(params: URLSearchParams, signal?: AbortSignal) {
    const session = await sessions.get()
    try {
      return await searchPage(session, params, signal)
    } catch (err) {
      if (!(err instanceof XrpcError) || (err.status !== 400 && err.status !== 401)) throw err
      if (err.error === 'ExpiredToken') return searchPage(await sessions.renew(session), params, signal)
      if (err.error === 'InvalidToken') return searchPage(await sessions.replace(session), params, signal)
      throw err
    }
  }

  return {
    platform: 'bluesky',
    pause: eitherPause(pause, sessions.pause),
    // The first page is asked without a cursor ('').
    ...pagedSearch(PAGE_MAX, '', async ({ keyword, at: cursor, found, pageSize, signal }) => {
      const params = new URLSearchParams({ q: blueskyQuery(keyword), sort: 'latest', limit: String(pageSize) })
      if (cursor) params.set('cursor', cursor)
      await pause.refuseWhileHeld()
      const body = await withSession(params, signal)
      const page = readEnvelope('bluesky', Output, body, 'a response without a posts list')
      found.add(readItems({ platform: 'bluesky', log, items: page.posts, item: Post, map: toMention }))
      // With no request left, the search answers with what has come so far rather than losing it to a 429.
      return page.cursor && page.posts.length > 0 && pause.secondsLeft() <= 0 ? page.cursor : undefined
    }),
  }
}

function toMention(post: v.InferOutput<typeof Post>): Mention {
  // A handle that no longer verifies is reported as "handle.invalid", and one that is not a domain name is none: the
  // author is then the DID, which bsky.app links accept, not the display name its owner may have made another's
  // handle. The person is kept by the DID, as the stream's are (docs/people.md#renamed-accounts).
  const handle = cleanHandle(post.author.handle) ?? post.author.did
  const rkey = post.uri.split('/').pop()!
  return {
    id: `bluesky:${post.uri}`,
    author: handle,
    authorId: post.author.did,
    content: post.record.text,
    url: `https://bsky.app/profile/${handle}/post/${rkey}`,
    profileUrl: `https://bsky.app/profile/${handle}`,
    date: postDate(post.record.createdAt, post.indexedAt),
    platform: 'bluesky',
    ...(post.record.reply ? { kind: 'comment' as const } : {}),
    // shares = reposts + quote posts.
    engagement: {
      likes: count(post.likeCount),
      comments: count(post.replyCount),
      shares: count(post.repostCount) + count(post.quoteCount),
    },
  }
}

/**
 * When a post was written: createdAt is its author's client's claim, so a post cannot be dated after the AppView
 * indexed it (a client lying, or a clock ahead, would otherwise sit on top of every newest-first list): the earlier of
 * the two, as the AppView's own sortAt (docs.bsky.app, "Timestamps"). A backdated post keeps its date; indexedAt
 * stands in when createdAt is missing or unreadable.
 */
function postDate(createdAt: string | null | undefined, indexedAt: string): string {
  const indexed = isoDate(indexedAt)!
  const created = isoDate(createdAt)
  return created !== undefined && created < indexed ? created : indexed
}
