import { SWAGGER_UI_CLIENT_ID } from '../domain/oauth/built-in-client'
import { SCOPES, type Scope } from '../domain/oauth/scopes'

/**
 * How the OpenAPI document says a route is called: with the team's key, or with an OAuth access token
 * (docs/api.md#authentication, docs/oauth.md). Listing only the key left Swagger UI's Authorize with no place for a
 * token, so a developer whose app signs in with OAuth could not try a route with what their app holds.
 */
export const SECURITY_SCHEMES = {
  // Swagger UI's Authorize showed the key's field with no word on where its value comes from.
  apiKey: {
    type: 'apiKey' as const,
    in: 'header',
    name: 'x-api-key',
    description:
      "The team's API key: `lsk_` and 43 characters, shown once when it is made: in the console's Settings " +
      '(Generate API Key), or by `lead-signals key create --team TEAM` (`lead-signals serve --demo` prints one for ' +
      'the demo team). A missing key is 401 missing_api_key, an unknown or revoked one 401 invalid_api_key ' +
      '([docs/api.md#authentication](/docs/api#authentication)).',
  },
  bearer: {
    type: 'http' as const,
    scheme: 'bearer',
    // Swagger UI shows this in Authorize and no requirement's scopes for an http scheme: the map is written here.
    description:
      'An OAuth access token ([docs/oauth.md](/docs/oauth)). What each scope reaches ' +
      '([docs/oauth.md#scopes](/docs/oauth#scopes)): `signals:read` the GET routes of signals, their export, ' +
      'keywords and people; `signals:write` verdicts and the POST, PUT and DELETE routes of people; `leads:score` ' +
      'POST /api/v1/leads/score; `mentions:search` POST /api/v1/mentions/search and the earlier routes; ' +
      '`usage:read` GET /api/v1/usage; `webhooks:manage` /api/v1/webhooks and its sub-routes. GET /api/v1/platforms ' +
      "takes any valid token. A route outside the token's scopes is 403 insufficient_scope; each operation's bearer " +
      'requirement in /swagger/json names its scope.',
  },
  // The same tokens, obtained from Authorize itself: Swagger UI opens the authorization request in a popup, the user
  // signs in and allows on the console's consent page, and the code comes back to /swagger/oauth2-redirect.html
  // (docs/oauth.md#swagger-ui). The URLs are relative to this document, which is this server's.
  oauth2: {
    type: 'oauth2' as const,
    description:
      `Sign in and allow from Authorize: Swagger UI is the server's built-in public client ` +
      `\`${SWAGGER_UI_CLIENT_ID}\`, with PKCE and no secret: leave client_secret empty ` +
      '([docs/oauth.md#swagger-ui](/docs/oauth#swagger-ui)). Pick the scopes of the routes you will try; each ' +
      'operation names the one it needs.',
    flows: {
      authorizationCode: {
        authorizationUrl: '/oauth/authorize',
        tokenUrl: '/oauth/token',
        refreshUrl: '/oauth/token',
        scopes: { ...SCOPES },
      },
    },
  },
}

/**
 * Any one: each entry of an OpenAPI `security` list is an alternative. The bearer and oauth2 entries name the route's
 * scope (docs/oauth.md#scopes), as OpenAPI 3.1 lets a scheme other than oauth2 list the roles it needs; `null` is a
 * route any valid token reaches. Give it the scope the route's apiChecks is given (test/http/openapi-scopes.test.ts).
 */
export const apiSecurity = (scope: Scope | null): Record<string, string[]>[] => [
  { apiKey: [] },
  { bearer: scope ? [scope] : [] },
  { oauth2: scope ? [scope] : [] },
]
