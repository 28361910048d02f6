import type { OAuthTokenRow } from '../../storage/repos/oauth'
import type { Needs } from '../needs'

// docs/oauth.md#tokens: how long a refresh token just replaced is taken again. A client that finds its access token
// expired on several requests at once refreshes on each with the same token (the MCP TypeScript SDK 1.32 does), and
// one whose answer was lost retries; both come within seconds. Okta, Auth0, Amazon Cognito and Connect2id allow such a
// window too (5 to 60 seconds).
const GRACE_MS = 10_000

/**
 * Whether a used refresh token is the one its family replaced last, within the last seconds: a client's own second
 * use, not a replay. An older one (a newer token was used since), or one used longer ago, is still a replay that ends
 * the family.
 */
export async function justReplaced(deps: Needs<never, 'oauth'>, token: OAuthTokenRow, nowMs: number) {
  if (token.kind !== 'refresh' || token.usedAt === null || nowMs - token.usedAt >= GRACE_MS) return false
  return !(await deps.repos.oauth.otherRefreshUsedSince(token.familyId, token.usedAt, token.hash))
}
