// The console behind a reverse proxy that answers with its own HTML page rather than the service's JSON: a 429 (it
// limits requests, RFC 9110's Retry-After), a 502 or 503 (the service behind it down or restarting), a 504 (it gave up
// waiting), a 413 (its body limit) or another status. Each said only "the service answered 502"; the page now says
// what happened and what a person can do (a 429, how long to wait).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { navigateTo, openPage, signIn } from '../support/browser'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'
import { pageProxy } from '../support/page-proxy'

const con = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test' })
let proxy: ReturnType<typeof Bun.serve> | undefined
// What the proxy answers on its own, by method and path, with the headers of its page; everything else goes to the
// service. Each test sets its own.
type Own = Record<string, [number, Record<string, string>?]>
let own: Own = {}

beforeAll(() => {
  proxy = pageProxy(con.app.origin, (req, url) => {
    const [status, headers] = own[`${req.method} ${url.pathname}`] ?? []
    if (!status) return undefined
    const page = `<html><body><h1>${status}</h1><hr>nginx</body></html>`
    return new Response(page, { status, headers: { 'content-type': 'text/html', ...headers } })
  })
})

afterAll(() => proxy?.stop(true))

const DOWN =
  'The service did not answer: a proxy in front of it answered 502, so the service may be down or restarting. ' +
  'Try again in a moment; if this goes on, whoever runs lead-signals should check that it is running.'
const SLOW =
  'The service did not answer in time: a proxy in front of it stopped waiting (504). Try again in a moment; if ' +
  'this goes on, whoever runs lead-signals should check that it is running and that the proxy waits long enough for ' +
  'it (nginx: proxy_read_timeout).'
const TOO_LARGE =
  "A proxy in front of the service refused this request as too large (413): whoever runs lead-signals can raise the proxy's body limit (nginx: client_max_body_size)."
const OTHER =
  'A proxy in front of the service answered 403 with a page of its own instead of the service. Try again; if this ' +
  "goes on, whoever runs lead-signals can find why in the proxy's log."

describe("a proxy's own page in front of the console", () => {
  test('a 429 says how long to wait when the proxy said, and to wait a moment when it did not', async () => {
    own = {
      'GET /console/api/keyword-figures': [429, { 'retry-after': '30' }],
      'GET /console/api/usage': [429],
    }
    const view = await openPage(con.browser, `http://127.0.0.1:${proxy?.port}`)
    const { page } = view
    try {
      await signIn(view, 'ann@acme.test', OWNER_PASSWORD)
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

  test('each other status says what happened and what to do', async () => {
    own = {
      'GET /console/api/keyword-figures': [502],
      'POST /console/api/keywords': [413],
      'GET /console/api/usage': [504],
      'GET /console/api/icp-profiles': [403],
    }
    const view = await openPage(con.browser, `http://127.0.0.1:${proxy?.port}`)
    const { page } = view
    try {
      await signIn(view, 'ann@acme.test', OWNER_PASSWORD)
      const alert = page.getByRole('alert').first()
      await navigateTo(page, 'Keywords')
      await alert.waitFor()
      expect(await alert.textContent()).toBe(DOWN)
      await page.getByLabel('Keyword or query').fill('crm')
      await page.getByRole('button', { name: 'Add' }).click()
      // The page is read again after the refusal, and the proxy refuses that too: said after the refusal, not instead.
      await alert.filter({ hasText: TOO_LARGE }).filter({ hasText: DOWN }).waitFor()
      expect(await alert.textContent()).toBe(`${TOO_LARGE} ${DOWN}`)
      await navigateTo(page, 'Usage')
      await page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor()
      await page.getByText(SLOW).waitFor()
      await navigateTo(page, 'ICP profiles')
      await page.getByText(OTHER).waitFor()
      // The console opened while the proxy has no service behind it: its words, not "answered 502: …" around them.
      own['GET /console/api/me'] = [502]
      await view.goto('/')
      await page.getByRole('heading', { name: 'The console cannot load' }).waitFor()
      expect(await page.locator('.server-failure p').textContent()).toBe(DOWN)
    } finally {
      await view.close()
    }
  })
})
