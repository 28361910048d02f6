import { AppError } from '../../errors'
import { listed } from '../../lib/text'

// docs/oauth.md#scopes: what a token may do; each counted route and MCP tool needs one.
export const SCOPES = {
  'signals:read': "Read your team's signals (the qualified leads), the people who wrote them and its keywords' figures",
  // A verdict changes what the team sees and how its posts qualify, so reading is not enough (docs/oauth.md#scopes).
  'signals:write':
    "Judge your team's signals relevant or not (which changes its list and its scoring), and link, mute or forget " +
    'the people who wrote them (forgetting one removes their signals)',
  'leads:score': 'Score texts for buying intent (counts against your quota)',
  'mentions:search': 'Search the platforms for mentions (counts against your quota)',
  'usage:read': "See your team's plan, quota and usage",
  'webhooks:manage': "Manage where your team's new signals are sent (webhooks, Slack, Discord, Teams and e-mail)",
} as const

export type Scope = keyof typeof SCOPES
export const ALL_SCOPES = Object.keys(SCOPES) as Scope[]

/**
 * The scopes the MCP tools need, each tool's own (test/http/mcp-auth.test.ts keeps the two alike): what a 401 of /mcp
 * names, so that an assistant asks for these and not for webhooks:manage, which no tool uses and with which its
 * token could send the team's leads elsewhere through the REST API (docs/oauth.md#discovery).
 */
export const MCP_SCOPES: readonly Scope[] = [
  'signals:read',
  'signals:write',
  'leads:score',
  'mentions:search',
  'usage:read',
]

const isScope = (s: string): s is Scope => s in SCOPES

/**
 * A scope string without `offline_access`, OpenID Connect's request for a refresh token, which MCP clients may add
 * (SEP-2207): every grant here gets one, so the word asks for nothing and is dropped (docs/oauth.md#scopes). Empty
 * when nothing else is named, so that it reads as a request naming no scope.
 */
export const withoutOfflineAccess = (scope: string | undefined | null) =>
  (scope ?? '')
    .trim()
    .split(/\s+/)
    .filter((s) => s && s !== 'offline_access')
    .join(' ')

/**
 * The scopes of a request: the ones asked for (space-separated), or all the client may have when none are named.
 * Undefined when one is unknown or not allowed to the client.
 */
export function scopesOf(requested: string | undefined, clientScope: string | null): Scope[] | undefined {
  const own = withoutOfflineAccess(clientScope)
  const allowed = own ? own.split(' ').filter(isScope) : ALL_SCOPES
  const named = withoutOfflineAccess(requested)
  const asked = named ? named.split(' ') : allowed
  if (!asked.every((s) => isScope(s) && allowed.includes(s))) return undefined
  return [...new Set(asked as Scope[])]
}

/**
 * The scopes of an authorization request, where one that names none gets a default (RFC 6749 §3.3): at the MCP
 * address, the tools' scopes the client may have, as its 401 and metadata name them, so that a client ignoring those
 * is not given webhooks:manage unasked (docs/oauth.md#authorization); elsewhere, all the client may have.
 */
export function requestScopes(requested: string | undefined, clientScope: string | null, forMcp: boolean) {
  const allowed = scopesOf(undefined, clientScope) ?? []
  const tools = allowed.filter((s) => MCP_SCOPES.includes(s))
  const asked = withoutOfflineAccess(requested) || !forMcp || tools.length === 0 ? requested : tools.join(' ')
  return scopesOf(asked, clientScope)
}

/** API keys act with every scope; OAuth tokens with the scopes their user allowed (403 insufficient_scope). */
export function requireScope(granted: readonly string[] | undefined, needed: Scope | null | undefined) {
  if (needed && granted && !granted.includes(needed))
    throw new AppError('insufficient_scope', `this access token lacks the scope ${needed}`, { reason: needed })
}

/**
 * The scopes of the tools one POST to /mcp calls, every message of a batch at once, for a token that may lack some
 * (docs/oauth.md#scopes): 403 insufficient_scope naming, for the challenge, the tool scopes the token has as well as
 * those it lacks. MCP 2025-11-25 asks for both, and a client of it asks its user for exactly the scopes named (the
 * MCP TypeScript SDK 1.32 does): named alone, the one lacking came back in a token without those the user had
 * allowed, whose next tool needed another consent. webhooks:manage, which no tool uses, is never asked for again.
 */
export function requireToolScopes(
  granted: readonly string[] | undefined,
  needed: readonly (Scope | null | undefined)[],
) {
  if (!granted) return
  const lacking = ALL_SCOPES.filter((s) => needed.includes(s) && !granted.includes(s))
  if (lacking.length === 0) return
  const asked = ALL_SCOPES.filter((s) => lacking.includes(s) || (MCP_SCOPES.includes(s) && granted.includes(s)))
  const scopes = lacking.length === 1 ? 'scope' : 'scopes'
  throw new AppError('insufficient_scope', `this access token lacks the ${scopes} ${listed(lacking)}`, {
    reason: asked.join(' '),
  })
}
