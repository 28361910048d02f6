import { type AppError, ERRORS } from '../../errors'
import { escapeHtml } from '../../lib/text'
import { callerMessage } from '../../wire/failure'
import { htmlPage } from '../html-page'
import type { OAuthAnswer } from '../../domain/oauth/token-endpoint'

// The OAuth endpoints that a browser-based client calls from its own origin; none of them reads a cookie.
export const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, mcp-protocol-version',
}

// The methods an endpoint takes (`Allow`), the one to use first.
export const POSTED = ['POST', 'OPTIONS']
export const READ = ['GET', 'HEAD', 'OPTIONS']

export const preflight = () => new Response(null, { status: 204, headers: CORS })

/**
 * RFC 9700 §2.6: the authorization endpoint supports no CORS. A client sends the user's browser there and never calls
 * it from its own script, so nothing it answers, a preflight included, is to be readable by another origin.
 */
export function withoutCors(answer: Response) {
  for (const name of Object.keys(CORS)) answer.headers.delete(name)
  return answer
}

/**
 * RFC 9110 §15.5.6: a method the endpoint does not take is 405 naming those it does (`allow`, the first the one to
 * use), in OAuth's shape with its CORS headers (docs/oauth.md#endpoints), not the API's 404 `no such route`. A
 * browser's preflight (OPTIONS) is answered as at every OAuth endpoint, with `allow` too.
 */
export const wrongMethod = (allow: readonly string[]) => (context: { request: Request }) => {
  if (context.request.method === 'OPTIONS') {
    const answer = preflight()
    answer.headers.set('allow', allow.join(', '))
    return answer
  }
  const path = new URL(context.request.url).pathname
  const answer = oauthError(405, 'invalid_request', `${path} does not take ${context.request.method}; use ${allow[0]}`)
  answer.headers.set('allow', allow.join(', '))
  return answer
}

/** An OAuth endpoint's answer: its own error shape ({error, error_description}), never the API's. */
export const oauthAnswer = (a: OAuthAnswer) =>
  Response.json(a.body, { status: a.status, headers: { ...a.headers, ...CORS } })

export const oauthError = (status: number, error: string, description: string) =>
  oauthAnswer({ status, body: { error, error_description: description }, headers: { 'cache-control': 'no-store' } })

// The error each endpoint names a refused body with (RFC 6749 §5.2, RFC 7591 §3.2.2).
const BODY_ERROR: Record<string, string> = {
  '/oauth/token': 'invalid_request',
  '/oauth/revoke': 'invalid_request',
  '/oauth/register': 'invalid_client_metadata',
}

/**
 * A failure that left a POST to the token, revocation or registration endpoint before its route answered: a body over
 * `server.max_body_bytes` (checked before any route, errors.ts), a database that cannot be written, a fault. It is
 * answered in the endpoint's own shape with its CORS headers, which a browser-based client needs to read it at all
 * (docs/oauth.md#endpoints); undefined for any other request, which keeps the API's shape.
 */
export function oauthFailure(request: Request, path: string, failure: AppError): Response | undefined {
  const refused = BODY_ERROR[path]
  if (!refused || request.method !== 'POST') return undefined
  const status = ERRORS[failure.kind].status
  const error = status === 503 ? 'temporarily_unavailable' : status >= 500 ? 'server_error' : refused
  const headers: Record<string, string> = { 'cache-control': 'no-store' }
  if (failure.extra.retryAfterSec !== undefined) headers['retry-after'] = String(failure.extra.retryAfterSec)
  return oauthAnswer({ status, body: { error, error_description: callerMessage(failure) }, headers })
}

/** A page for an authorization request that cannot go back to its client (unknown client, unregistered URI). */
export const errorPage = (message: string) =>
  htmlPage({
    status: 400,
    title: 'Authorization failed',
    body: `<h1>This application cannot connect</h1><p>${escapeHtml(message)}</p>`,
  })

/**
 * An authorization error for a redirect URI this service cannot vouch for (anyone may register an https one, a phishing
 * page among them): the page names the error and links back, and the user chooses to follow, rather than being sent
 * there unasked from this service's address (RFC 9700 §4.11.2; docs/oauth.md#authorization).
 */
export function errorLinkPage(location: string) {
  const url = new URL(location)
  const why = url.searchParams.get('error_description') ?? url.searchParams.get('error') ?? ''
  return htmlPage({
    status: 400,
    title: 'Authorization failed',
    body:
      `<h1>This application's request cannot be answered</h1><p>${escapeHtml(why)}.</p>` +
      `<p><a href="${escapeHtml(url.href)}">Go back to ${escapeHtml(url.host)}</a> to tell the application.</p>`,
  })
}
