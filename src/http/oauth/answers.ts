import { escapeHtml } from '../../lib/text'
import { htmlPage } from '../html-page'
import type { OAuthAnswer } from '../../domain/oauth/token-endpoint'

// The OAuth endpoints that a browser-based client calls from its own origin; none of them reads a cookie.
export const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, mcp-protocol-version',
}

export const preflight = () => new Response(null, { status: 204, headers: CORS })

/** An OAuth endpoint's answer: its own error shape ({error, error_description}), never the API's. */
export const oauthAnswer = (a: OAuthAnswer) =>
  Response.json(a.body, { status: a.status, headers: { ...a.headers, ...CORS } })

export const oauthError = (status: number, error: string, description: string) =>
  oauthAnswer({ status, body: { error, error_description: description }, headers: { 'cache-control': 'no-store' } })

/** A page for an authorization request that cannot go back to its client (unknown client, unregistered URI). */
export const errorPage = (message: string) =>
  htmlPage({
    status: 400,
    title: 'Authorization failed',
    body: `<h1>This application cannot connect</h1><p>${escapeHtml(message)}</p>`,
  })
