import { expect, test } from 'bun:test'
import { ALL_SCOPES } from '../../src/domain/oauth/scopes'
import { bearer, obtainTokens, oauthWorld } from '../support/oauth'

// docs/oauth.md#scopes: a token reaches only the routes of its scopes. The OpenAPI document said of every route only
// "bearer", so neither Swagger UI nor a generated client could tell which scope a route needs before its 403. Each
// keyed operation now names its scope in the bearer requirement (OpenAPI 3.1 lets a non-OAuth scheme list the roles
// it needs), and here each is checked against what the route really asks of a token.

type Operation = { security?: Record<string, string[]>[] }

test('each keyed route names the scope it needs in its bearer requirement, the one the route really asks for', async () => {
  const world = await oauthWorld()
  try {
    const spec = (await (await fetch(`${world.base}/swagger/json`)).json()) as {
      paths: Record<string, Record<string, Operation>>
    }
    const tokens: Record<string, string> = {}
    for (const scope of ALL_SCOPES) tokens[scope] = (await obtainTokens(world, { scope })).access_token
    const keyed = Object.entries(spec.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security)
        .map(([method, op]) => ({ method, path, security: op.security ?? [] })),
    )
    expect(keyed.length).toBeGreaterThan(20)
    const wrong: string[] = []
    for (const { method, path, security } of keyed) {
      const route = `${method} ${path}`
      expect({ route, key: security.find((s) => 'apiKey' in s) }).toEqual({ route, key: { apiKey: [] } })
      const declared = security.find((s) => 'bearer' in s)?.bearer
      if (!declared) {
        wrong.push(`${route}: no bearer requirement`)
        continue
      }
      // Swagger UI's OAuth Authorize (docs/oauth.md#swagger-ui) gets tokens of the same scopes.
      const oauth2 = security.find((s) => 'oauth2' in s)?.oauth2
      if (JSON.stringify(oauth2) !== JSON.stringify(declared))
        wrong.push(`${route}: oauth2 ${JSON.stringify(oauth2)}, bearer ${JSON.stringify(declared)}`)
      // Bogus ids and an empty body: the scope is checked before them (docs/api.md#order-of-checks), so nothing
      // changes.
      const url = `${world.base}${path.replace(/\{[^}]+\}/g, 'nothing')}`
      const body = method === 'get' || method === 'delete' ? undefined : '{}'
      for (const scope of ALL_SCOPES) {
        const res = await fetch(url, {
          method: method.toUpperCase(),
          headers: { ...bearer(tokens[scope] as string), 'content-type': 'application/json' },
          body,
        })
        // The challenge rather than the body's code: the earlier routes answer in their own shape (docs/api.md).
        const refused =
          res.status === 403 && (res.headers.get('www-authenticate') ?? '').includes('error="insufficient_scope"')
        // An empty list: any valid token will do (GET /api/v1/platforms).
        const allowed = declared.length === 0 || declared.includes(scope)
        if (refused === allowed)
          wrong.push(`${route} with ${scope}: ${res.status}, declared ${JSON.stringify(declared)}`)
      }
    }
    expect(wrong).toEqual([])
  } finally {
    world.stop()
  }
})

test("Swagger UI's Authorize, which shows no operation's scope, lists what each scope reaches", async () => {
  const world = await oauthWorld()
  try {
    const spec = (await (await fetch(`${world.base}/swagger/json`)).json()) as {
      components: { securitySchemes: { bearer: { description: string } } }
    }
    // Swagger UI shows an http scheme's description in Authorize, and no requirement's scopes for it anywhere.
    const text = spec.components.securitySchemes.bearer.description
    for (const scope of ALL_SCOPES) expect(text).toContain(`\`${scope}\``)
  } finally {
    world.stop()
  }
})

test("the oauth2 scheme is the server's authorization code flow, with every scope described", async () => {
  const world = await oauthWorld()
  try {
    const spec = (await (await fetch(`${world.base}/swagger/json`)).json()) as {
      components: { securitySchemes: { oauth2: { type: string; flows: Record<string, any> } } }
    }
    const { type, flows } = spec.components.securitySchemes.oauth2
    expect(type).toBe('oauth2')
    expect(Object.keys(flows)).toEqual(['authorizationCode'])
    const flow = flows.authorizationCode
    // Relative to the document, which is this server's: the endpoints of docs/oauth.md#endpoints.
    expect(flow).toMatchObject({
      authorizationUrl: '/oauth/authorize',
      tokenUrl: '/oauth/token',
      refreshUrl: '/oauth/token',
    })
    expect(Object.keys(flow.scopes)).toEqual(ALL_SCOPES)
    for (const scope of ALL_SCOPES) expect(flow.scopes[scope]).toBeString()
    const metadata = (await (await fetch(`${world.base}/.well-known/oauth-authorization-server`)).json()) as any
    expect(new URL(flow.authorizationUrl, world.base).href).toBe(metadata.authorization_endpoint)
    expect(new URL(flow.tokenUrl, world.base).href).toBe(metadata.token_endpoint)
  } finally {
    world.stop()
  }
})
