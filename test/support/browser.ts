// Browser tests drive Debian's Chromium with playwright-core (Playwright's own browser download is not used).
// Every request that is not to the service is recorded and aborted, so nothing leaves the machine and a test can
// assert that the page asked no other origin for anything.
import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { createApp } from '../../src/app'
import type { Deps } from '../../src/deps'

// Debian's chromium-headless-shell first: the same Blink without the desktop browser's own pages and processes, which
// cost about half of the browser tests' CPU (docs/performance.md#the-tests-time). Chromium itself when it is missing.
const DEFAULT_CHROMIUMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium']
// SCREENSHOTS_DIR in the environment puts them elsewhere, e.g. outside the repository while looking at them.
export const SCREENSHOTS_DIR = process.env.SCREENSHOTS_DIR ?? resolve(import.meta.dir, '../../test-output/screenshots')

/**
 * Where Chromium is: `CHROMIUM_PATH`, else the first of `installed` that is there (Debian's headless shell, then its
 * Chromium), else an error that says how to get it.
 */
export function chromiumPath(
  env: Record<string, string | undefined> = process.env,
  installed = DEFAULT_CHROMIUMS,
): string {
  const configured = env.CHROMIUM_PATH
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured}: no such file`)
    return configured
  }
  const found = installed.find((path) => existsSync(path))
  if (found) return found
  throw new Error(
    'the browser tests need Chromium: install it with `apt-get install chromium-headless-shell` (.ci/run does), ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable',
  )
}

/** Headless Chromium with the flags a container needs (no user namespaces for the sandbox, a small /dev/shm). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run', '--no-default-browser-check'],
  })
}

export type PageOptions = {
  /**
   * The network cut off, as on an air-gapped site: requests to any other origin fail as a browser without a network
   * sees it (net::ERR_INTERNET_DISCONNECTED) rather than as blocked by the client. Recorded either way.
   */
  offline?: boolean
  /** For a phone-sized page, e.g. `{ width: 390, height: 844 }`; the default is 1280×800. */
  viewport?: { width: number; height: number }
  /** The browser's time zone, e.g. `Asia/Tokyo`; the default is the machine's. */
  timezoneId?: string
  /** A signed-in browser's cookies (from `signedInState`): the page opens signed in, without the sign-in form. */
  signedIn?: SignedIn
}

export type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>

export type ServicePage = {
  page: Page
  context: BrowserContext
  /** The service's origin, e.g. `http://127.0.0.1:41234`. */
  origin: string
  /** Every request (its URL) to another origin, in order; each was aborted. */
  foreignRequests: string[]
  /** Console errors and uncaught page errors, e.g. a Content-Security-Policy violation. */
  errors: string[]
  /** Opens `path` on the service and waits for the page's load event. */
  goto(path: string): Promise<void>
  close(): Promise<void>
}

/** A page of its own context (no cookies shared with other pages) on the service at `baseUrl`. */
export async function openPage(browser: Browser, baseUrl: string, options: PageOptions = {}): Promise<ServicePage> {
  const origin = new URL(baseUrl).origin
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    timezoneId: options.timezoneId,
    storageState: options.signedIn,
    // Service workers' requests would bypass the routing below.
    serviceWorkers: 'block',
  })
  const foreignRequests: string[] = []
  const errors: string[] = []
  const failure = options.offline ? 'internetdisconnected' : 'blockedbyclient'
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      foreignRequests.push(route.request().url())
      return route.abort(failure)
    },
  )
  await context.routeWebSocket(
    (url) => url.origin.replace(/^ws/, 'http') !== origin,
    (ws) => {
      foreignRequests.push(ws.url())
      return ws.close()
    },
  )
  const page = await context.newPage()
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return {
    page,
    context,
    origin,
    foreignRequests,
    errors,
    goto: async (path) => {
      await page.goto(new URL(path, origin).href, { waitUntil: 'load' })
    },
    close: () => context.close(),
  }
}

/** Saves a full-page PNG as SCREENSHOTS_DIR/<name>.png (name: letters, digits, - and _) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  if (!/^[\w-]+$/.test(name)) throw new Error(`screenshot name ${JSON.stringify(name)}: use letters, digits, - and _`)
  mkdirSync(SCREENSHOTS_DIR, { recursive: true })
  const path = join(SCREENSHOTS_DIR, `${name}.png`)
  for (let attempt = 1; ; attempt++) {
    try {
      await page.screenshot({ path, fullPage: true })
      return path
    } catch (e) {
      // Headless Chromium now and then refuses one capture ("Unable to capture screenshot") and takes the same
      // picture when asked again a moment later; anything else, or a third refusal, fails the test.
      if (attempt === 3 || !String(e).includes('Unable to capture screenshot')) throw e
      await Bun.sleep(100 * attempt)
    }
  }
}

/** Closes the browser and every page it opened. */
export function closeBrowser(browser: Browser): Promise<void> {
  return browser.close()
}

/** The real app on a real socket of 127.0.0.1, for a browser to open; `stop` closes it and its connections. */
export function listenForBrowser(deps: Deps) {
  const listening = createApp(deps).listen({ hostname: '127.0.0.1', port: 0 })
  return { origin: `http://127.0.0.1:${listening.server?.port}`, stop: () => listening.stop(true) }
}

/** Ends what a console test started (browser, app, database, workspace), whichever part its setup reached. */
export async function stopConsole(a: {
  browser?: Browser
  app?: { stop(): unknown }
  deps?: Deps
  ws?: { cleanup(): void }
}): Promise<void> {
  if (a.browser) await closeBrowser(a.browser)
  await a.app?.stop()
  a.deps?.database.client.close()
  a.ws?.cleanup()
}

/** Opens `path` signed out, where the console shows its sign-in form, and signs in. */
export async function signIn(view: ServicePage, email: string, password: string, path = '/'): Promise<void> {
  await view.goto(path)
  await view.page.getByLabel('Email').fill(email)
  await view.page.getByLabel('Password').fill(password)
  await view.page.getByRole('button', { name: 'Sign in' }).click()
}

/**
 * Signs in once through the sign-in form, as `signIn` does, and returns that browser's cookies: each test's page then
 * opens signed in (openPage's `signedIn`) instead of filling the form again, which cost every test a page load.
 */
export async function signedInState(browser: Browser, baseUrl: string, email: string, password: string) {
  const view = await openPage(browser, baseUrl)
  try {
    await signIn(view, email, password)
    await view.page.locator('.shell header').waitFor()
    // Cookies only: a fresh context has no local storage, and setting some makes Playwright load a page to do so.
    return { cookies: (await view.context.storageState()).cookies, origins: [] }
  } finally {
    await view.close()
  }
}

/** Goes to a console page by its navigation link; on a phone the links are behind the Menu button. */
export async function navigateTo(page: Page, name: string): Promise<void> {
  // Signed in (the page's bar is drawn) before asking whether the link shows.
  await page.locator('.shell header').waitFor()
  const link = page.getByRole('navigation').getByRole('link', { name })
  if (!(await link.isVisible())) await page.getByRole('button', { name: 'Menu' }).click()
  await link.click()
}

/** Whether the page fits its window's width: nothing to scroll sideways to (checked at a phone's 390 px). */
export async function fitsWidth(page: Page): Promise<boolean> {
  return (await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')) === true
}
