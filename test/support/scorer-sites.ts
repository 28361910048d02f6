// The consoles the scorer's browser tests read (docs/console.md#settings, docs/console.md#the-signals-page): a fresh
// site for each scorer set-up, with a fake model server that follows Ollama's API documentation: a model not pulled
// is a 404 {"error": …} naming it ("Errors"); a server down is a port nothing listens on.
import { afterAll, beforeAll, expect } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
// One name for what the console tests share in Chromium: a file starts a console for each scorer set-up.
import * as chromium from './browser'
import { crmSignals } from './crm-signals'
import { seedTeam, testDeps } from './deps'
import { heldLoadOllama } from './fake-loading-ollama'
import { OWNER_PASSWORD, type SIZES } from './one-team-console'
import { countReadings, readingsDone } from './readings'
import { REFUSED_ORIGIN } from './refused'
import { serverDateAt } from './server-date'

type Site = { deps: Deps; ws: Workspace; app: ReturnType<typeof chromium.listenForBrowser> }
let browser: Browser
const sites: Record<string, Site> = {}
let ollama: ReturnType<typeof Bun.serve>
let loading: ReturnType<typeof heldLoadOllama>

/** A fresh site, as serve starts it: the model server checked once, and no signal yet unless `withSignal`. */
async function site(scorer: Record<string, unknown>, withSignal = false): Promise<Site> {
  const ws = createWorkspace()
  const { deps } = await testDeps({ config: { database: { url: ws.dbUrl }, scorer }, now: new Date().toISOString() })
  const teamId = (await seedTeam(deps, { name: 'acme' })).team.id
  if (withSignal) {
    // One the model scored itself: no "embedded scorer" tag, so no stand-in notice.
    await addKeywords(deps, { teamId, keywords: ['crm'] })
    await deps.repos.signals.insertMany(teamId, crmSignals(teamId, 1))
  }
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'member', password: OWNER_PASSWORD })
  await deps.scoring.checkModelServer()
  return { deps, ws, app: chromium.listenForBrowser(deps) }
}

/** The sites, each a console of its own scorer set-up, and the browser that opens them. */
async function start() {
  ollama = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: () => Response.json({ error: 'model "qwen2.5:3b" not found, try pulling it first' }, { status: 404 }),
  })
  sites.missing = await site({ backend: 'ollama', ollama: { host: ollama.url.origin } })
  sites.down = await site({ backend: 'ollama', ollama: { host: REFUSED_ORIGIN } })
  sites.strict = await site({ backend: 'ollama', ollama: { host: REFUSED_ORIGIN }, fallback: 'none' }, true)
  sites.rules = await site({ backend: 'rules' })
  loading = heldLoadOllama()
  sites.loadingStrict = await site({ backend: 'ollama', ollama: { host: loading.origin }, fallback: 'none' })
  browser = await chromium.launchBrowser()
}

async function stop() {
  loading?.stop()
  await browser?.close()
  for (const s of Object.values(sites)) await chromium.stopConsole(s)
  ollama.stop(true)
}

/** What `read` finds on the console's page at `path` of the site `name`, checked to fit and to log no error. */
async function onPage(
  name: string,
  [size, viewport]: (typeof SIZES)[number],
  path: string,
  read: (page: Page) => Promise<string | null>,
  shot?: string,
) {
  const site = sites[name] as Site
  const view = await chromium.openPage(browser, site.app.origin, { viewport })
  try {
    // The server's clock as the console reads it is the site's own (a test clock that stood still since the site's
    // start-up check): the scorer's "since" then reads "(just now)" however long a loaded host takes to get here, where
    // 45 s of the real clock made it "1 min ago".
    await serverDateAt(view, () => site.deps.clock.now().getTime())
    await countReadings(view.page)
    await chromium.signIn(view, 'ann@acme.test', OWNER_PASSWORD, path)
    const said = (await read(view.page))?.replace(/\s+/g, ' ') ?? null
    expect(await chromium.fitsWidth(view.page)).toBe(true)
    if (shot) await chromium.screenshot(view.page, `${shot}-${size}`)
    expect(view.errors.filter((e) => !e.includes('401'))).toEqual([])
    return said
  } finally {
    await view.close()
  }
}

export const scorerSection = (name: string, size: (typeof SIZES)[number], shot?: string) =>
  onPage(
    name,
    size,
    '/#/settings',
    async (page) => {
      const section = page.locator('section', { has: page.getByRole('heading', { name: 'Scorer' }) })
      await section.locator('.scorer-now').waitFor()
      return (await section.textContent()) ?? ''
    },
    shot,
  ).then((said) => said ?? '')

/** The Signals page once it has drawn (its checklist or its list), and the scorer's notice on it, if any. */
export const signalsNotice = (name: string, size: (typeof SIZES)[number], shot?: string) =>
  onPage(
    name,
    size,
    '/#/signals',
    async (page) => {
      await page.locator('.getting-started .checklist, ol.signals').first().waitFor()
      // The scorer's state is read beside the page's own: a notice that is coming has come once every reading is drawn.
      await readingsDone(page)
      const notice = page.locator('.notice.scorer-trouble')
      return (await notice.count()) ? await notice.textContent() : null
    },
    shot,
  )

/** Starts the sites before the calling file's tests and stops them after. */
export function scorerSites(): void {
  beforeAll(start)
  afterAll(stop)
}
