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

  test('every link of every served page answers 200, and a link to a heading finds it there', async () => {
    const w = await oauthWorld({})
    stop = w.stop
    const pages = new Map<string, string>()
    const read = async (path: string) => {
      if (!pages.has(path)) {
        const res = await fetch(`${w.base}${path}`)
        expect({ path, status: res.status }).toEqual({ path, status: 200 })
        pages.set(path, await res.text())
      }
      return pages.get(path) as string
    }
    const index = await read('/docs')
    const served = [...index.matchAll(/href="(\/docs\/[^"#]+)"/g)].map((m) => m[1] as string)
    expect(served).toContain('/docs/people')
    expect(served).toContain('/docs/streams')
    expect(served).toContain('/docs/config.example.toml')
    let links = 0
    for (const path of served) {
      const html = await read(path)
      for (const [, target, hash] of html.matchAll(/href="(\/docs\/[^"#]*)(?:#([^"]*))?"/g)) {
        links++
        const page = await read(target as string)
        if (hash) expect({ target, hash, found: page.includes(`id="${hash}"`) }).toEqual({ target, hash, found: true })
      }
      // No relative link is left to answer 404 (a document of the repository the executable does not hold).
      expect(html.match(/href="(?![a-z]+:|#|\/)[^"]*"/g)).toBeNull()
    }
    expect(links).toBeGreaterThan(100)
    expect(await read('/docs/config.example.toml')).toContain('[server]')
    const file = await fetch(`${w.base}/docs/deploy/lead-signals.service`)
    expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await file.text()).toContain('[Service]')
  })

  // A link from an older version, or a name mistyped: the 404 said only "no such document", not which, nor where the
  // documents are. It names the name asked for as every echo does (control characters as U+FFFD, 60 characters at
  // most), and a name that tries to leave the documents (../, encoded, a backslash, NUL) reads nothing else.
  test('a document that is not there is named in its 404, with where the documents are listed', async () => {
    const w = await oauthWorld({})
    stop = w.stop
    const cases: [string, string][] = [
      ['/docs/architecture', 'architecture'],
      ['/docs/deploy/nginx.conf', 'deploy/nginx.conf'],
      ['/docs/%1b%5b2Jx', '\ufffd[2Jx'],
      ['/docs/..%2f..%2fpackage.json', '../../package.json'],
      ['/docs/deploy%5c..%5cpackage.json', 'deploy\\..\\package.json'],
      ['/docs/config.example.toml%00', 'config.example.toml\ufffd'],
      [`/docs/${'a'.repeat(100)}`, `${'a'.repeat(59)}…`],
    ]
    for (const [path, named] of cases) {
      const res = await fetch(`${w.base}${path}`)
      const body = (await res.json()) as { error: { code: string; message: string } }
      expect({ path, status: res.status, error: body.error }).toEqual({
        path,
        status: 404,
        error: { code: 'not_found', message: `no document "${named}"; /docs lists them` },
      })
    }
  })
})
