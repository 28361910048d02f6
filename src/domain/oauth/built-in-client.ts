import type { OAuthClient } from './clients'
import { isRegisteredRedirect } from './redirect-uri'

/** The id of Swagger UI's own client (docs/oauth.md#swagger-ui); registered ids are `lsc_…` and documents URLs. */
export const SWAGGER_UI_CLIENT_ID = 'swagger-ui'
/** Where Swagger UI is sent back with its code: a page of the service, under the same policy as /swagger. */
export const SWAGGER_UI_REDIRECT_PATH = '/swagger/oauth2-redirect.html'
const SWAGGER_UI_NAME = 'Swagger UI of this server'

/** The name of a built-in client, for lists that read clients from the database (Connected apps). */
export const builtInClientName = (clientId: string) => (clientId === SWAGGER_UI_CLIENT_ID ? SWAGGER_UI_NAME : undefined)

/**
 * The public client of the service's own Swagger UI page, known without registering (docs/oauth.md#swagger-ui): its
 * one redirect URI is the service's redirect page at `base`, so its codes only ever come back to this origin. It is
 * no row in the database, so nothing prunes or removes it; a user's grant to it is disconnected like any other.
 */
export function builtInClient(clientId: string, base: string): OAuthClient | undefined {
  if (clientId !== SWAGGER_UI_CLIENT_ID) return undefined
  return {
    id: SWAGGER_UI_CLIENT_ID,
    source: 'built_in',
    name: SWAGGER_UI_NAME,
    redirectUris: [`${base}${SWAGGER_UI_REDIRECT_PATH}`],
    authMethod: 'none',
    secretHash: null,
    scope: null,
    clientUri: null,
    createdAt: new Date(0).toISOString(),
    fetchedAt: null,
  }
}

/**
 * Whether a redirect URI is one of the client's. The built-in client's is matched exactly: the port of a loopback URI
 * is left open for native apps (RFC 8252 §7.3), and Swagger UI is none; another port of 127.0.0.1 is another program.
 */
export function isClientRedirect(client: { id: string; redirectUris?: string | string[] }, uri: string): boolean {
  const registered = [client.redirectUris ?? []].flat()
  return client.id === SWAGGER_UI_CLIENT_ID ? registered.includes(uri) : isRegisteredRedirect(registered, uri)
}
