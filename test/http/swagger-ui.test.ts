// /swagger's page and the Swagger UI files it names, all answered by the service itself
// (docs/api.md#api-documentation).
import { beforeAll, describe, expect, test } from 'bun:test'
import { createRequire } from 'node:module'
import { gunzipSync } from 'node:zlib'
import { createApp } from '../../src/app'
import pkg from '../../package.json'
import { testDeps } from '../support/deps'

const require = createRequire(import.meta.url)
const PINNED = pkg.dependencies['swagger-ui-dist']
let app: ReturnType<typeof createApp>
const get = (path: string, headers: Record<string, string> = {}) =>
  app.handle(new Request(`http://localhost${path}`, { headers }))

beforeAll(async () => {
  app = createApp((await testDeps()).deps)
})

/** A page of the service, after what every one must be: HTML naming no other origin, with no inline script or style. */
async function ownPage(path: string) {
  const res = await get(path)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
  const html = await res.text()
  expect(html).not.toMatch(/https?:\/\//)
  expect(html).not.toMatch(/<script>|<style>|\son\w+=/)
  return { res, html }
}

/** The same-origin paths of the page's stylesheets and scripts. */
const referencedPaths = (html: string) => [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1])

describe('/swagger, served offline', () => {
  test('swagger-ui-dist is pinned to an exact version, the one installed', () => {
    expect(PINNED).toMatch(/^\d+\.\d+\.\d+$/)
    expect(require('swagger-ui-dist/package.json').version).toBe(PINNED)
  })

  test('the page names only files of the service, under a policy that allows only its own origin', async () => {
    const { res, html } = await ownPage('/swagger')
    expect(referencedPaths(html).sort()).toEqual([
      `/swagger/assets/${PINNED}/swagger-ui-bundle.js`,
      `/swagger/assets/${PINNED}/swagger-ui.css`,
      '/swagger/init.js',
      '/swagger/narrow.css',
    ])
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("connect-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).not.toMatch(/https?:|\*/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
  })

  test('the starter script loads the spec from /swagger/json and turns off the online validator', async () => {
    const res = await get('/swagger/init.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    const js = await res.text()
    expect(js).toContain('url: "/swagger/json"')
    expect(js).toContain('validatorUrl: null')
  })

  test("the starter script gives Authorize the built-in OAuth client, PKCE and the service's redirect page", async () => {
    const js = await (await get('/swagger/init.js')).text()
    expect(js).toContain('initOAuth({ clientId: "swagger-ui", usePkceWithAuthorizationCodeGrant: true })')
    expect(js).toContain('oauth2RedirectUrl: location.origin + "/swagger/oauth2-redirect.html"')
  })

  test('the OAuth redirect page runs only the installed redirect script, under the same policy, and sends no referrer', async () => {
    const { res, html } = await ownPage('/swagger/oauth2-redirect.html?code=abc&state=x')
    expect(referencedPaths(html)).toEqual([`/swagger/assets/${PINNED}/oauth2-redirect.js`])
    const page = await get('/swagger')
    expect(res.headers.get('content-security-policy')).toBe(page.headers.get('content-security-policy'))
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
  })

  test('the pinned files are the installed ones, with their content types, kept for good by a browser', async () => {
    for (const [name, type] of [
      ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
      ['swagger-ui.css', 'text/css; charset=utf-8'],
      ['oauth2-redirect.js', 'text/javascript; charset=utf-8'],
    ]) {
      const res = await get(`/swagger/assets/${PINNED}/${name}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe(type)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      const installed = await Bun.file(require.resolve(`swagger-ui-dist/${name}`)).bytes()
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(installed))).toBe(true)
    }
  })

  test('a browser that accepts gzip gets the same bytes compressed', async () => {
    const res = await get(`/swagger/assets/${PINNED}/swagger-ui-bundle.js`, { 'accept-encoding': 'gzip, deflate, br' })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toBe('accept-encoding')
    const compressed = Buffer.from(await res.arrayBuffer())
    const installed = await Bun.file(require.resolve('swagger-ui-dist/swagger-ui-bundle.js')).bytes()
    expect(compressed.length).toBeLessThan(installed.length / 2)
    expect(gunzipSync(compressed).equals(Buffer.from(installed))).toBe(true)
  })

  test('any other file, or another version, is the JSON 404', async () => {
    for (const path of [
      `/swagger/assets/${PINNED}/swagger-ui-bundle.js.map`,
      `/swagger/assets/${PINNED}/package.json`,
      `/swagger/assets/${PINNED}/..%2F..%2Fpackage.json`,
      `/swagger/assets/${PINNED}/constructor`,
      '/swagger/assets/0.0.1/swagger-ui.css',
    ]) {
      const res = await get(path)
      expect(res.status).toBe(404)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found')
    }
  })
})
