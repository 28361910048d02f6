/**
 * How the OpenAPI document says a route is called: with the team's key, or with an OAuth access token
 * (docs/api.md#authentication, docs/oauth.md). Listing only the key left Swagger UI's Authorize with no place for a
 * token, so a developer whose app signs in with OAuth could not try a route with what their app holds.
 */
export const SECURITY_SCHEMES = {
  apiKey: { type: 'apiKey' as const, in: 'header', name: 'x-api-key' },
  bearer: {
    type: 'http' as const,
    scheme: 'bearer',
    description:
      'An OAuth access token (docs/oauth.md); a token whose scopes lack the route is 403 insufficient_scope.',
  },
}

/** Either one: each entry of an OpenAPI `security` list is an alternative. */
export const API_SECURITY: Record<string, string[]>[] = [{ apiKey: [] }, { bearer: [] }]
