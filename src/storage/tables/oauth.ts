import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { users } from './users'

// docs/oauth.md#clients: applications that may ask a user for access. Registered ones (RFC 7591) get an id of ours;
// a client whose id is the URL of its metadata document is kept here as a cache of that document.
export const oauthClients = sqliteTable('oauth_clients', {
  id: text('id').primaryKey(),
  source: text('source', { enum: ['registered', 'metadata_document'] }).notNull(),
  name: text('name').notNull(),
  // JSON array of exact URIs.
  redirectUris: text('redirect_uris').notNull(),
  // 'none' for public clients; confidential ones keep only the SHA-256 of their secret.
  authMethod: text('auth_method', { enum: ['none', 'client_secret_basic', 'client_secret_post'] }).notNull(),
  secretHash: text('secret_hash'),
  // Space-separated; null: any of the service's scopes.
  scope: text('scope'),
  clientUri: text('client_uri'),
  createdAt: text('created_at').notNull(),
  // When a metadata document was last read (ms); documents are read again after a day.
  fetchedAt: integer('fetched_at'),
})

// docs/oauth.md#consent: an authorization request waiting for the user's "Allow" or "Deny" in the console.
export const oauthRequests = sqliteTable('oauth_requests', {
  id: text('id').primaryKey(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  // Whether the request named its redirect URI (it may not when the client registered one): only then must the token
  // request name it too (RFC 6749 §4.1.3, docs/oauth.md#tokens).
  redirectUriGiven: integer('redirect_uri_given', { mode: 'boolean' }).notNull().default(true),
  scope: text('scope').notNull(),
  state: text('state'),
  codeChallenge: text('code_challenge').notNull(),
  resource: text('resource').notNull(),
  expiresAt: integer('expires_at').notNull(),
})

// What a user allowed a client to do: the "Connected apps" of the console. One per (user, client); allowing again
// replaces its scopes. Revoking it ends every token issued under it.
export const oauthGrants = sqliteTable(
  'oauth_grants',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    scope: text('scope').notNull(),
    createdAt: text('created_at').notNull(),
    lastUsedAt: text('last_used_at'),
  },
  (t) => [uniqueIndex('oauth_grants_user_client_idx').on(t.userId, t.clientId)],
)

// Authorization codes and tokens, by the SHA-256 of their value. A family is one code and the refresh tokens that
// descend from it: replaying a used code or refresh token ends the family (docs/oauth.md#tokens).
export const oauthTokens = sqliteTable(
  'oauth_tokens',
  {
    hash: text('hash').primaryKey(),
    kind: text('kind', { enum: ['code', 'access', 'refresh'] }).notNull(),
    grantId: text('grant_id')
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    clientId: text('client_id').notNull(),
    scope: text('scope').notNull(),
    resource: text('resource').notNull(),
    expiresAt: integer('expires_at').notNull(),
    // Codes and refresh tokens are used once; a used row stays while its family lives, so that a replay is recognised.
    usedAt: integer('used_at'),
    // Codes only.
    redirectUri: text('redirect_uri'),
    redirectUriGiven: integer('redirect_uri_given', { mode: 'boolean' }),
    codeChallenge: text('code_challenge'),
  },
  (t) => [index('oauth_tokens_family_idx').on(t.familyId), index('oauth_tokens_grant_idx').on(t.grantId)],
)
