// The focus helpers (test/support/focus.ts, drawn.ts) on a small page under the console's own Content-Security-Policy,
// whose script-src refuses eval. A wait written as a string was evaluated again each frame with eval, refused: the
// wait threw at once, the error was caught, and the focus was read before it had settled, by luck either side of it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Server } from 'bun'
import type { Browser } from 'playwright-core'
import { CONTENT_SECURITY_POLICY } from '../../src/http/console/page-routes'
import { closeBrowser, launchBrowser, openPage } from '../support/browser'
import { whenDrawn } from '../support/drawn'
import { focused, focusSettlesOn } from '../support/focus'

// Later: focused 300 ms after load. Now: added and focused in one task. Next: added, then focused a task later.
const PAGE = `<!doctype html><title>focus kit</title><button>Early</button><button>Later</button>
<script src="/own.js"></script>`
const SCRIPT = `setTimeout(() => document.querySelectorAll('button')[1].focus(), 300)
const add = (name, focusAt) => {
  const b = document.createElement('button')
  b.textContent = name
  document.body.append(b)
  focusAt(() => b.focus())
}
setTimeout(() => add('Now', (f) => f()), 100)
setTimeout(() => add('Next', (f) => setTimeout(f, 50)), 500)`

let browser: Browser
let server: Server<undefined>

beforeAll(async () => {
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (req) => {
      const script = new URL(req.url).pathname === '/own.js'
      return new Response(script ? SCRIPT : PAGE, {
        headers: {
          'content-type': script ? 'text/javascript' : 'text/html',
          'content-security-policy': CONTENT_SECURITY_POLICY,
        },
      })
    },
  })
  browser = await launchBrowser()
})

afterAll(async () => {
  if (browser) await closeBrowser(browser)
  await server?.stop(true)
})

describe('the focus helpers under the console’s CSP', () => {
  test('focusSettlesOn waits for a focus that comes later, and fails, naming where it is, when it never comes', async () => {
    const view = await openPage(browser, `http://127.0.0.1:${server.port}`)
    try {
      await view.goto('/')
      expect(await focused(view.page)).not.toBe('BUTTON Later')
      await focusSettlesOn(view.page, 'BUTTON Later')
      const never = await focusSettlesOn(view.page, 'BUTTON Early').then(
        () => '',
        (e: Error) => e.message,
      )
      expect(never).toContain('BUTTON Early')
      expect(never).toContain('BUTTON Next')
    } finally {
      await view.close()
    }
  })

  test('whenDrawn tells focus moved in the task that drew the element from focus moved a task later', async () => {
    const view = await openPage(browser, `http://127.0.0.1:${server.port}`)
    try {
      const now = await whenDrawn(view.page, 'button', 'Now', { beforeLoad: true })
      await view.goto('/')
      const next = await whenDrawn(view.page, 'button', 'Next')
      expect((await now()).holds).toBe(true)
      expect((await next()).holds).toBe(false)
      await focusSettlesOn(view.page, 'BUTTON Next')
    } finally {
      await view.close()
    }
  })
})
