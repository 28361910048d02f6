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
export function errorPage(message: string) {
  const escaped = message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization failed</title></head><body><h1>This application cannot connect</h1><p>${escaped}</p></body></html>`
  return new Response(html, {
    status: 400,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    },
  })
}
