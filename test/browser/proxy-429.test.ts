// The console behind a reverse proxy that limits requests (RFC 9110's 429 with Retry-After, its own HTML page, not
// the service's JSON): the page says how long to wait, not only "answered 429".
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import { launchBrowser, listenForBrowser, navigateTo, openPage, signIn, stopConsole } from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let proxy: ReturnType<typeof Bun.serve> | undefined
let ws: Workspace
let deps: Deps
const PASSWORD = 'correct horse battery'
// What the proxy answers for the Keywords and Usage lists: Retry-After in seconds on one, none on the other.
const LIMITED: Record<string, Record<string, string>> = {
  '/console/api/keyword-figures': { 'retry-after': '30' },
  '/console/api/usage': {},
}

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({ config: { database: { url: ws.dbUrl } }, now: new Date().toISOString() }))
  await seedTeam(deps, { name: 'acme' })
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  const upstream = app.origin
  proxy = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      const limited = LIMITED[url.pathname]
      if (limited) {
        const headers = { 'content-type': 'text/html', ...limited }
        return new Response('<html><body><h1>429 Too Many Requests</h1></body></html>', { status: 429, headers })
      }
      const res = await fetch(`${upstream}${url.pathname}${url.search}`, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        redirect: 'manual',
      })
      // fetch has unzipped the body: the proxy sends it as it is.
      const headers = new Headers(res.headers)
      headers.delete('content-encoding')
      headers.delete('content-length')
      return new Response(res.body, { status: res.status, headers })
    },
  })
  browser = await launchBrowser()
})

afterAll(async () => {
  proxy?.stop(true)
  await stopConsole({ browser, app, deps, ws })
})

describe('a 429 from a proxy in front of the console', () => {
  test('the page says how long to wait when the proxy said, and to wait a moment when it did not', async () => {
    const view = await openPage(browser, `http://127.0.0.1:${proxy?.port}`)
    const { page } = view
    try {
      await signIn(view, 'ann@acme.test', PASSWORD)
      await navigateTo(page, 'Keywords')
      const alert = page.getByRole('alert').first()
      await alert.waitFor()
      expect(await alert.textContent()).toBe('Too many requests for now: try again in 30 s.')
      await navigateTo(page, 'Usage')
      await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor()
      await alert.waitFor()
      expect(await alert.textContent()).toBe('Too many requests for now: try again in a moment.')
    } finally {
      await view.close()
    }
  })
})
