import { afterEach, describe, expect, test } from 'bun:test'
import { oauthWorld } from '../support/oauth'

let stop: (() => void) | undefined
afterEach(() => stop?.())

describe('the served documentation (docs/console.md#documentation)', () => {
  test('the OAuth metadata points at documentation that answers 200', async () => {
    const w = await oauthWorld({})
    stop = w.stop
    const as = (await (await fetch(`${w.base}/.well-known/oauth-authorization-server`)).json()) as any
    const rs = (await (await fetch(`${w.base}/.well-known/oauth-protected-resource`)).json()) as any
    for (const url of [as.service_documentation, rs.resource_documentation]) {
      const res = await fetch(url)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/html')
      expect(await res.text()).toContain('href="/docs/queries"')
    }
  })

  test('a document is HTML with heading anchors, links between documents served, and no script', async () => {
    const w = await oauthWorld({})
    stop = w.stop
    const res = await fetch(`${w.base}/docs/console`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await res.text()
    expect(html).toContain('<h1')
    expect(html).toContain('href="/docs/scoring#tuning-by-verdicts"')
    expect(html).not.toContain('<script')
    const missing = await fetch(`${w.base}/docs/architecture`)
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as any).error.code).toBe('not_found')
  })
})
