// docs/console.md#export: a console export the browser navigated to (the Export buttons are plain links) and refused
// answers a page with the reason in words, under the error's status, and a link back; a script's or a command line's
// request to the same route still gets the JSON error.
import { beforeAll, describe, expect, test } from 'bun:test'
import { createApp } from '../../../src/app'
import type { Deps } from '../../../src/deps'
import { createUser } from '../../../src/domain/users/users'
import { seedTeam, testDeps } from '../../support/deps'

const PASSWORD = 'correct horse battery'
const NAVIGATE = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', accept: 'text/html,*/*;q=0.8' }
// What fetch() sends from the console's own script.
const SCRIPT = { 'sec-fetch-mode': 'cors', accept: '*/*' }
let deps: Deps
let app: ReturnType<typeof createApp>
let cookie: string

beforeAll(async () => {
  ;({ deps } = await testDeps())
  await seedTeam(deps, { name: 'acme' })
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  app = createApp(deps)
  const signIn = await app.handle(
    new Request('http://localhost/console/api/session', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ann@acme.test', password: PASSWORD }),
    }),
  )
  cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]
})

const get = (path: string, headers: Record<string, string>) =>
  app.handle(new Request(`http://localhost${path}`, { headers }))

describe('a refused console export', () => {
  test('a bad filter: a page that says why, escaped, with the way back to the same filters; JSON for a script', async () => {
    const path = '/console/api/signals/export?format=csv&intent=ACTIVE&minScore=%3Cb%3Eeleven%3C%2Fb%3E'
    const page = await get(path, { ...NAVIGATE, cookie })
    expect(page.status).toBe(400)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-disposition')).toBeNull()
    expect(page.headers.get('content-security-policy')).toStartWith("default-src 'none'")
    expect(page.headers.get('x-request-id')).toBeTruthy()
    const html = await page.text()
    expect(html).toContain('<h1>This export cannot start</h1>')
    expect(html).toContain('minScore must be a number from 0 to 10.')
    expect(html).not.toContain('<b>')
    expect(html).toContain('href="/#/signals?intent=ACTIVE&amp;minScore=%3Cb%3Eeleven%3C%2Fb%3E"')
    expect(html).toContain('>Back to Signals</a>')

    // A field the caller named is echoed in the reason, as text.
    const unknown = await (
      await get('/console/api/signals/export?format=csv&%3Cb%3Ex=1', { ...NAVIGATE, cookie })
    ).text()
    expect(unknown).toContain('Query parameter &lt;b&gt;x is not a known field.')
    expect(unknown).not.toContain('<b>')

    const json = await get(path, { ...SCRIPT, cookie })
    expect(json.status).toBe(400)
    expect(json.headers.get('content-type')).toStartWith('application/json')
    expect(((await json.json()) as { error: { code: string } }).error.code).toBe('invalid_request')
    // A command line names no fetch mode and asks for anything: JSON.
    const curl = await get(path, { accept: '*/*', cookie })
    expect(curl.headers.get('content-type')).toStartWith('application/json')
  })

  test('signed out: 401 with a way to sign in again; a browser without Sec-Fetch-Mode that asks for HTML too', async () => {
    for (const headers of [NAVIGATE, { accept: 'text/html,application/xhtml+xml' }]) {
      const page = await get('/console/api/people/export?format=jsonl', headers)
      expect(page.status).toBe(401)
      const html = await page.text()
      expect(html).toContain('<h1>You are signed out</h1>')
      expect(html).toContain('<a class="button" href="/#/people">Sign in again</a>')
    }
    const json = await get('/console/api/people/export?format=jsonl', SCRIPT)
    expect(((await json.json()) as { error: { code: string } }).error.code).toBe('not_signed_in')
  })

  test('the database unavailable: 503 and the reason, with no SQL or host', async () => {
    const before = deps.repos.signalExports.open
    deps.repos.signalExports.open = () => {
      throw Object.assign(new Error('SQLITE_FULL: database or disk is full: select * from signals'), {
        code: 'SQLITE_FULL',
      })
    }
    try {
      const page = await get('/console/api/signals/export?format=csv', { ...NAVIGATE, cookie })
      expect(page.status).toBe(503)
      const html = await page.text()
      expect(html).toContain('<h1>Try again later</h1>')
      expect(html).toContain('The database cannot be written right now')
      expect(html).not.toContain('select')
      expect(html).toContain('<a class="button" href="/#/signals">Back to Signals</a>')
    } finally {
      deps.repos.signalExports.open = before
    }
  })

  test('other routes keep their JSON for a navigation', async () => {
    const r = await get('/console/api/signals?minScore=eleven', { ...NAVIGATE, cookie })
    expect(r.status).toBe(400)
    expect(r.headers.get('content-type')).toStartWith('application/json')
  })
})
