/**
 * The rules real platforms play that a plain fake does not (docs/platforms.md): their rate-limit answers with the
 * headers they really send, SearXNG's limiter, Forem's 3 requests a second, Product Hunt's tracking links. The fakes
 * of test/platforms build their answers from these. Reddit's rules (OAuth only, its User-Agent form) are in
 * fake-platforms.ts, next to the fake Reddit the polling tests use.
 */
import type { Received } from './fake-upstream'
import { resetIn } from './reset-headers'

/** GitHub's spent primary limit: 403, no requests remaining, the reset as epoch seconds. */
export const githubLimitSpent = (resetInSec: number) =>
  Response.json(
    { message: 'API rate limit exceeded for 203.0.113.5.', documentation_url: 'https://docs.github.com/rest' },
    {
      status: 403,
      headers: { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '0', ...resetIn('x-ratelimit-reset', resetInSec) },
    },
  )

/** GitHub's secondary limit: 403, requests still remaining, a message naming it, and often a retry-after. */
export const githubSecondaryLimit = (retryAfterSec?: number) =>
  Response.json(
    { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
    {
      status: 403,
      headers: {
        'x-ratelimit-remaining': '25',
        // GitHub sends its primary window's reset on every answer; it is not the secondary limit's wait.
        'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3),
        ...(retryAfterSec === undefined ? {} : { 'retry-after': String(retryAfterSec) }),
      },
    },
  )

/**
 * GitHub's search refusing a query (docs.github.com/rest/search/search: 422 "Validation failed"): a `user:`, `repo:`
 * or `author:` naming an account or repository that does not exist or is not visible, or a query it cannot read.
 */
export const githubQueryRefused = (why: 'unsearchable' | 'syntax') =>
  Response.json(
    {
      message: 'Validation Failed',
      errors: [
        {
          message:
            why === 'unsearchable'
              ? 'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.'
              : 'The search query contains invalid syntax.',
          resource: 'Search',
          field: 'q',
          code: 'invalid',
        },
      ],
      documentation_url: 'https://docs.github.com/v3/search/',
    },
    { status: 422 },
  )

/** YouTube Data API's spent daily quota: 403 with the reason in the error body (no retry header). */
export const youtubeQuotaExceeded = (reason: 'quotaExceeded' | 'dailyLimitExceeded' = 'quotaExceeded') =>
  Response.json(
    {
      error: {
        code: 403,
        message: 'The request cannot be completed because you have exceeded your quota.',
        errors: [
          {
            message: 'The request cannot be completed because you have exceeded your quota.',
            domain: 'youtube.quota',
            reason,
          },
        ],
      },
    },
    { status: 403 },
  )

/**
 * YouTube Data API's refusals of the key itself (developers.google.com/youtube/v3/docs/errors, and Google's error
 * model, cloud.google.com/apis/design/errors): a key that does not exist is 400 `badRequest` with the ErrorInfo reason
 * API_KEY_INVALID; a key of a project where the API is not enabled is 403 `accessNotConfigured` with SERVICE_DISABLED.
 */
export const youtubeKeyRefused = (kind: 'invalid' | 'disabled') => {
  const [code, reason, info, message] =
    kind === 'invalid'
      ? [400, 'badRequest', 'API_KEY_INVALID', 'API key not valid. Please pass a valid API key.']
      : [
          403,
          'accessNotConfigured',
          'SERVICE_DISABLED',
          'YouTube Data API v3 has not been used in project 1234 before or it is disabled.',
        ]
  return Response.json(
    {
      error: {
        code,
        message,
        errors: [{ message, domain: 'global', reason }],
        status: code === 400 ? 'INVALID_ARGUMENT' : 'PERMISSION_DENIED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: info, domain: 'googleapis.com' }],
      },
    },
    { status: code },
  )
}

/** Bluesky (atproto) over its limit: 429 `RateLimitExceeded` with ratelimit-* headers, the reset as epoch seconds. */
export const blueskyRateLimited = (resetInSec: number) =>
  Response.json(
    { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' },
    {
      status: 429,
      headers: {
        'ratelimit-limit': '3000',
        'ratelimit-remaining': '0',
        ...resetIn('ratelimit-reset', resetInSec),
        'ratelimit-policy': '3000;w=300',
      },
    },
  )

/** Mastodon over its limit: 429 with the reset as an ISO 8601 date. */
export const mastodonRateLimited = (resetInSec: number) =>
  Response.json(
    { error: 'Too many requests' },
    {
      status: 429,
      headers: {
        'x-ratelimit-limit': '300',
        'x-ratelimit-remaining': '0',
        ...resetIn('x-ratelimit-reset', resetInSec, true),
      },
    },
  )

/**
 * A Mastodon instance's check of the bearer token (docs.joinmastodon.org/api/oauth-tokens, docs/platforms.md#mastodon):
 * a token is the instance's own, so any other, one issued by another instance included, gets 401 with the error body
 * Mastodon sends. Undefined for a request with the instance's token.
 */
export function mastodonTokenGate(req: Received, issued: string): Response | undefined {
  if (req.headers.get('authorization') === `Bearer ${issued}`) return undefined
  return Response.json({ error: 'The access token is invalid' }, { status: 401 })
}

/**
 * A SearXNG instance's limiter (searx/limiter.py and searx/botdetection, docs/platforms.md#internet-and-indiehacker),
 * with `server.limiter: true`: an address in `passIp` is let through before anything else; then the header probes
 * answer 429 to a request whose Accept does not name text/html or that has no Accept-Language; then ip_limit counts
 * every request whose format is not html in a sliding window of API_WINDOW = 3600 s and answers 429 (no Retry-After)
 * past API_MAX = 4 per address. `check` answers a refused request, or undefined for one the instance serves.
 */
export function searxngLimiter(a: { passIp?: string[] } = {}) {
  const API_MAX = 4
  const API_WINDOW_MS = 3600_000
  const counted = new Map<string, number[]>()
  let refused = 0
  const refuse = () => {
    refused++
    return new Response('Too Many Requests', { status: 429 })
  }
  return {
    check(req: Received, now = Date.now()): Response | undefined {
      const ip = req.ip ?? 'unknown'
      if (a.passIp?.includes(ip)) return undefined
      const accept = req.headers.get('accept') ?? ''
      if (!accept.includes('text/html') || !req.headers.get('accept-language')) return refuse()
      if ((req.url.searchParams.get('format') ?? 'html') !== 'html') {
        const window = (counted.get(ip) ?? []).filter((t) => now - t < API_WINDOW_MS)
        window.push(now)
        counted.set(ip, window)
        if (window.length > API_MAX) return refuse()
      }
      return undefined
    },
    get refused() {
      return refused
    },
  }
}

/**
 * Forem's limit of `perSecond` API requests a second (dev.to allows 3): a request that would make more than that
 * within one second is answered 429 with a retry-after. Counts what it served and what it refused.
 */
export function foremRateLimiter(perSecond = 3) {
  const served: number[] = []
  let refused = 0
  return {
    /** 429 for a request over the limit, else undefined (and the request counts). */
    check(now = performance.now()): Response | undefined {
      const recent = served.filter((t) => now - t < 1000)
      if (recent.length >= perSecond) {
        refused++
        return Response.json(
          { error: 'Rate limit reached, try again in 1 second', status: 429 },
          {
            status: 429,
            headers: { 'retry-after': '1' },
          },
        )
      }
      served.push(now)
      return undefined
    },
    get refused() {
      return refused
    },
    get served() {
      return served.length
    },
  }
}

/** A Product Hunt link as the API gives it: tracking parameters naming the operator's API application. */
export const productHuntTracked = (url: string) =>
  `${url}?utm_campaign=producthunt-api&utm_medium=api-v2&utm_source=Application%3A+Lead+Signals+%28ID%3A+12345%29`

/**
 * Stack Exchange's throttle (api.stackexchange.com/docs/throttle, docs/error-handling;
 * docs/platforms.md#stackoverflow): every failure is HTTP 400 with the common wrapper's error_id, error_name and
 * error_message, gzip-compressed like all its answers; a banned address gets error 502 `throttle_violation` naming when
 * more requests are available. The ban holds for `seconds` from the first refusal, whatever is sent meanwhile; the
 * refusals are counted.
 */
export function stackExchangeThrottle(seconds: number) {
  let bannedAt: number | undefined
  let refused = 0
  return {
    answer(): Response {
      refused++
      bannedAt ??= Date.now()
      const left = Math.max(1, Math.ceil((bannedAt + seconds * 1000 - Date.now()) / 1000))
      const body = {
        error_id: 502,
        error_name: 'throttle_violation',
        error_message: `too many requests from this IP, more requests available in ${left} seconds`,
      }
      return new Response(Bun.gzipSync(JSON.stringify(body)), {
        status: 400,
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'gzip' },
      })
    },
    get refused() {
      return refused
    },
  }
}
