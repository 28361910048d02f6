// The Settings page's Scorer section (docs/console.md#settings), in Chromium at a laptop's and a phone's size, on a
// fresh site with no signals yet: which scorer is configured, whether its model answers, and what to do when it does
// not, without waiting for signals the embedded scorer judged. The Signals page says the same where no such signal
// brings up its stand-in notice (docs/console.md#the-signals-page): a new team's empty page, and the model's own
// signals while its server is down with scorer.fallback = "none", which leaves nothing to stand in. The fake model
// server follows Ollama's API documentation: a model not pulled is a 404 {"error": …} naming it ("Errors"); a server
// down is a port nothing listens on.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
// One name for what the console tests share in Chromium: this file starts a console for each scorer set-up.
import * as chromium from '../support/browser'
import { crmSignals } from '../support/crm-signals'
import { seedTeam, testDeps } from '../support/deps'
import { heldLoadOllama } from '../support/fake-loading-ollama'
import { OWNER_PASSWORD, SIZES } from '../support/one-team-console'
import { countReadings, readingsDone } from '../support/readings'
import { REFUSED_ORIGIN } from '../support/refused'
import { serverDateAt } from '../support/server-date'

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

beforeAll(async () => {
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
})

afterAll(async () => {
  loading?.stop()
  await browser?.close()
  for (const s of Object.values(sites)) await chromium.stopConsole(s)
  ollama.stop(true)
})

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

const scorerSection = (name: string, size: (typeof SIZES)[number], shot?: string) =>
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
const signalsNotice = (name: string, size: (typeof SIZES)[number], shot?: string) =>
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

describe('the Settings page says how leads are scored', () => {
  for (const size of SIZES) {
    test(`a model not pulled: the model, what to run, and that the embedded scorer judges meanwhile (${size[0]})`, async () => {
      const said = await scorerSection('missing', size, 'scorer-status-missing')
      expect(said).toContain('The Ollama model server with the model “qwen2.5:3b” is configured.')
      // Named as a person calls it, not by the setting's id: "The ollama scorer" before.
      expect(said).not.toMatch(/\b(ollama|openai|rules) scorer/)
      expect(said).toMatch(/The model server has been without the model “qwen2\.5:3b” since [^(]+ \(just now\)/)
      expect(said).toContain('run “ollama pull qwen2.5:3b”')
      expect(said).toContain('Until it answers, the embedded scorer judges posts (tagged “embedded scorer”).')
      expect(said).not.toContain('rules scorer')
      expect(said).toContain('lead-signals scorer check says why')
      expect(said).not.toContain('Now ')
    })

    test(`a model server down: start it (${size[0]})`, async () => {
      const said = await scorerSection('down', size, 'scorer-status-down')
      expect(said).toMatch(/The model server has not been reachable since [^(]+ \(just now\): start it/)
      expect(said).toContain('Until it answers, the embedded scorer judges posts')
      // Nothing of the server's address for a team's members.
      expect(said).not.toContain('127.0.0.1')
    })

    test(`scorer.fallback = "none": no embedded scorer meanwhile (${size[0]})`, async () => {
      const said = await scorerSection('strict', size)
      expect(said).toContain('Until it answers, posts wait unscored (scorer.fallback = "none").')
      expect(said).not.toContain('scorer judges')
    })

    test(`the embedded scorer configured: nothing to check (${size[0]})`, async () => {
      const said = await scorerSection('rules', size)
      expect(said).toContain('The embedded scorer is configured: it needs no model server.')
      expect(said).not.toContain('rules scorer')
      expect(said).not.toContain('scorer check')
    })
  }
})

describe('a model loading with scorer.fallback = "none": nothing scores meanwhile, not the embedded scorer', () => {
  for (const size of SIZES)
    test(`on Settings and on the Signals page (${size[0]})`, async () => {
      const notice = await signalsNotice('loadingStrict', size, 'signals-scorer-loading-none')
      // On the Signals page a load is not said as a failure: the model cannot answer yet.
      expect(notice).toStartWith('The Ollama model server cannot answer yet: it has been loading')
      for (const said of [await scorerSection('loadingStrict', size, 'scorer-status-loading-none'), notice]) {
        expect(said).toContain('has been loading the model “qwen2.5:3b”')
        expect(said).toContain('the model answers by itself once it is loaded')
        expect(said).toContain('posts wait unscored meanwhile (scorer.fallback = "none")')
        expect(said).not.toContain('embedded scorer')
        expect(said).not.toContain('rules scorer')
      }
    })
})

describe('the Signals page says so too, with no signal the embedded scorer judged to bring up its stand-in notice', () => {
  for (const size of SIZES) {
    test(`a new team, its model not pulled: what is wrong, what to run, what scores meanwhile (${size[0]})`, async () => {
      const said = await signalsNotice('missing', size, 'signals-scorer-missing')
      expect(said).not.toMatch(/\b(ollama|openai|rules) scorer/)
      // The server named once, then "it" (Settings' sentence, on its own, names it again).
      expect(said).toMatch(
        /^The Ollama model server cannot answer: it has been without the model “qwen2\.5:3b” since [^(]+ \(just now\): on that/,
      )
      expect(said).toContain('run “ollama pull qwen2.5:3b”')
      // The Settings page's words, from its own component: the same advice, not a third wording of it.
      expect(said).toContain('Until it answers, the embedded scorer judges posts (tagged “embedded scorer”).')
      expect(said).not.toContain('rules scorer')
      expect(said).toContain('lead-signals scorer check says why')
    })

    test(`the model's own signals, its server down, fallback "none": nothing scores meanwhile (${size[0]})`, async () => {
      const said = await signalsNotice('strict', size, 'signals-scorer-strict')
      expect(said).toMatch(/cannot answer: it has not been reachable since [^(]+ \(just now\): start it/)
      expect(said).toContain('Until it answers, posts wait unscored (scorer.fallback = "none").')
      expect(said).not.toContain('127.0.0.1')
    })

    test(`the embedded scorer configured: no notice (${size[0]})`, async () => {
      expect(await signalsNotice('rules', size)).toBeNull()
    })
  }
})
