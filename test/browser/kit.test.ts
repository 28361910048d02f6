// The browser kit itself (test/support/browser.ts), against a small local page that asks other origins for things.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Server } from 'bun'
import type { Browser, Page } from 'playwright-core'
import { chromiumPath, closeBrowser, launchBrowser, openPage, screenshot } from '../support/browser'

const FOREIGN_IMAGE = 'http://cdn.example.com/logo.png'
const FOREIGN_SCRIPT = 'https://unpkg.com/some-widget.js'
const PAGE = `<!doctype html><title>kit</title><h1>Kit page</h1>
<img src="${FOREIGN_IMAGE}" alt="">
<script src="${FOREIGN_SCRIPT}"></script>
<script src="/own.js"></script>`

let browser: Browser
let server: Server<undefined>
let origin: string

beforeAll(async () => {
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (req) =>
      new URL(req.url).pathname === '/own.js'
        ? new Response("document.title = 'kit ran'", { headers: { 'content-type': 'text/javascript' } })
        : new Response(PAGE, { headers: { 'content-type': 'text/html' } }),
  })
  origin = `http://127.0.0.1:${server.port}`
  browser = await launchBrowser()
})

afterAll(async () => {
  if (browser) await closeBrowser(browser)
  await server?.stop(true)
})

describe('chromiumPath', () => {
  test('CHROMIUM_PATH wins; a missing file and no Chromium at all are clear errors', () => {
    expect(chromiumPath({ CHROMIUM_PATH: process.execPath })).toBe(process.execPath)
    expect(() => chromiumPath({ CHROMIUM_PATH: '/nonexistent/chromium' })).toThrow(
      'CHROMIUM_PATH=/nonexistent/chromium',
    )
    // Here Debian's headless shell is installed (.ci/run installs it), so it is the default.
    expect(chromiumPath({})).toBe('/usr/bin/chromium-headless-shell')
    // Without it, the next one that is there.
    expect(chromiumPath({}, ['/nonexistent/chromium-headless-shell', process.execPath])).toBe(process.execPath)
    expect(() => chromiumPath({}, ['/nonexistent/chromium'])).toThrow('apt-get install chromium-headless-shell')
  })
})

describe('openPage', () => {
  for (const offline of [false, true]) {
    test(`${offline ? 'offline' : 'online'}: records and aborts every request to another origin, serves the service's own`, async () => {
      const view = await openPage(browser, origin, { offline })
      try {
        await view.goto('/')
        // The page's own script ran: same-origin requests pass.
        expect(await view.page.title()).toBe('kit ran')
        expect([...view.foreignRequests].sort()).toEqual([FOREIGN_IMAGE, FOREIGN_SCRIPT].sort())
        const failed = await view.page.evaluate(
          (url) =>
            fetch(url).then(
              () => 'answered',
              () => 'failed',
            ),
          FOREIGN_IMAGE,
        )
        expect(failed).toBe('failed')
        expect(view.foreignRequests.filter((u) => u === FOREIGN_IMAGE)).toHaveLength(2)
        expect(
          view.errors.some((e) => e.includes(offline ? 'ERR_INTERNET_DISCONNECTED' : 'ERR_BLOCKED_BY_CLIENT')),
        ).toBe(true)
      } finally {
        await view.close()
      }
    })
  }

  test('a phone-sized viewport', async () => {
    const view = await openPage(browser, origin, { viewport: { width: 390, height: 844 } })
    try {
      await view.goto('/')
      expect(await view.page.evaluate('window.innerWidth')).toBe(390)
    } finally {
      await view.close()
    }
  })
})

describe('screenshot', () => {
  test('saves a PNG named after the page and refuses a name that is not a plain file name', async () => {
    const view = await openPage(browser, origin)
    try {
      await view.goto('/')
      const file = await screenshot(view.page, 'kit-page')
      // test-output/screenshots unless SCREENSHOTS_DIR names another folder.
      expect(file).toBe(
        join(process.env.SCREENSHOTS_DIR ?? resolve(import.meta.dir, '../../test-output/screenshots'), 'kit-page.png'),
      )
      expect(existsSync(file)).toBe(true)
      // The PNG signature.
      expect([...readFileSync(file).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
      rmSync(file)
      await expect(screenshot(view.page, '../escape')).rejects.toThrow('use letters, digits')
    } finally {
      await view.close()
    }
  })
})

describe('screenshot when Chromium refuses a capture', () => {
  /** The real page, whose first `refusals` captures fail with `message`, as headless Chromium's now and then do. */
  const refusing = (page: Page, refusals: number, message: string) => {
    let asked = 0
    const screenshot = (options: Parameters<Page['screenshot']>[0]) =>
      ++asked <= refusals ? Promise.reject(new Error(message)) : page.screenshot(options)
    return { page: { screenshot } as unknown as Page, asked: () => asked }
  }
  const REFUSED = 'page.screenshot: Protocol error (Page.captureScreenshot): Unable to capture screenshot'

  test('asks again after a refusal, up to three times in all; any other error fails at once', async () => {
    const view = await openPage(browser, origin)
    try {
      await view.goto('/')
      const twice = refusing(view.page, 2, REFUSED)
      const file = await screenshot(twice.page, 'kit-refused')
      expect(twice.asked()).toBe(3)
      expect([...readFileSync(file).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
      rmSync(file)
      const always = refusing(view.page, 3, REFUSED)
      await expect(screenshot(always.page, 'kit-refused')).rejects.toThrow('Unable to capture screenshot')
      expect(always.asked()).toBe(3)
      const other = refusing(view.page, 1, 'page.screenshot: Target page, context or browser has been closed')
      await expect(screenshot(other.page, 'kit-refused')).rejects.toThrow('has been closed')
      expect(other.asked()).toBe(1)
    } finally {
      await view.close()
    }
  })
})

describe('closeBrowser', () => {
  test('closes the browser', async () => {
    const other = await launchBrowser()
    await closeBrowser(other)
    expect(other.isConnected()).toBe(false)
  })
})
