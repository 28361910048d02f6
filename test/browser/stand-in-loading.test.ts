// The Signals page's notice that the embedded scorer stood in, while the model loads
// (docs/console.md#the-signals-page), in Chromium at a laptop's and a phone's size: it says the model server is loading
// the model, since when, and that this ends by itself, not only that the embedded scorer stood in. The fake Ollama
// follows its API documentation, its load held until the tests have ended (support/fake-loading-ollama.ts).
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import { HANG_GUARD_MS } from '../support/own-time'
import { fitsWidth, launchBrowser, listenForBrowser, openPage, signIn, stopConsole } from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'
import { heldLoadOllama } from '../support/fake-loading-ollama'
import { serverDateAt } from '../support/server-date'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let ws: Workspace
let deps: Deps
let ollama: ReturnType<typeof heldLoadOllama>
// When serve's start sent the load: the server's clock as the console reads it stands there, so that "(just now)"
// holds however long a loaded host takes to show the page (45 s later it reads "1 min ago").
let loadSentAt: number

// Nothing here waits on a fixed time but Playwright's own: the time limit guards against a hang, not a loaded host.
setDefaultTimeout(HANG_GUARD_MS)

const PASSWORD = 'correct horse battery'
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]

beforeAll(async () => {
  ollama = heldLoadOllama()
  ws = createWorkspace()
  ;({ deps } = await testDeps({
    config: { database: { url: ws.dbUrl }, scorer: { backend: 'ollama', ollama: { host: ollama.origin } } },
    now: new Date().toISOString(),
  }))
  const teamId = (await seedTeam(deps, { name: 'acme' })).team.id
  await addKeywords(deps, { teamId, keywords: ['crm'] })
  const at = new Date(Date.now() - 3_600_000).toISOString()
  await deps.repos.signals.insertMany(teamId, [
    {
      id: 'sig_0',
      teamId,
      platform: 'hackernews',
      postId: 'p0',
      author: 'author0',
      intent: 'ACTIVE',
      score: 8,
      reason: 'compares CRMs (scored by the rules scorer: the ollama scorer could not answer)',
      icpMatch: null,
      preview: 'post number 0',
      contentFull: null,
      url: 'https://example.com/0',
      keyword: 'crm',
      publishedAt: at,
      detectedAt: at,
    },
  ])
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  // serve's start: the model found, and its load sent.
  loadSentAt = Date.now()
  expect(await deps.scoring.checkModelServer()).toBe(true)
  app = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(async () => {
  ollama.stop()
  await stopConsole({ browser, app, deps, ws })
})

describe('the stand-in notice during a load', () => {
  for (const size of SIZES)
    test(`says the model is loading, since when, and that it ends by itself (${size.name})`, async () => {
      const view = await openPage(browser, app?.origin as string, { viewport: size.viewport })
      try {
        await serverDateAt(view, () => loadSentAt)
        await signIn(view, 'ann@acme.test', PASSWORD)
        const notice = view.page.locator('.notice', { hasText: 'could not answer' })
        await notice.locator('text=has been loading').waitFor()
        const said = (await notice.textContent()) ?? ''
        expect(said).toContain('The Ollama model server could not answer when 1 signal of this page was scored')
        expect(said).toMatch(/Now the model server has been loading the model “qwen2\.5:3b” since [^(]+ \(just now\)/)
        expect(said).toContain('answers by itself once it is loaded')
        // Nothing to check or change while it loads.
        expect(said).not.toContain('scorer check')
        expect(said).toContain('so the embedded scorer judged it (tagged “embedded scorer”)')
        expect(said).toContain('and the embedded scorer answers meanwhile')
        expect(said).not.toContain('rules scorer')
        expect(await fitsWidth(view.page)).toBe(true)
        expect(view.errors.filter((e) => !e.includes('401'))).toEqual([])
      } finally {
        await view.close()
      }
    })

  // A browser whose clock is hours off (set by hand, a phone in another zone's time) counts from the server's clock,
  // each answer's Date header (RFC 9110, section 6.6.1): "(just now)" read "(3 h ago)" ahead, "(in 3 h)" behind.
  for (const [size, off] of SIZES.map((size, i) => [size, i === 0 ? 3 : -3] as const))
    test(`a browser ${off > 0 ? 'ahead' : 'behind'} by 3 h reads the load as begun just now (${size.name})`, async () => {
      const view = await openPage(browser, app?.origin as string, { viewport: size.viewport })
      try {
        await view.page.clock.setFixedTime(loadSentAt + off * 3_600_000)
        await serverDateAt(view, () => loadSentAt)
        await signIn(view, 'ann@acme.test', PASSWORD)
        const notice = view.page.locator('.notice', { hasText: 'has been loading' })
        await notice.waitFor()
        expect(await notice.textContent()).toMatch(/loading the model “qwen2\.5:3b” since [^(]+ \(just now\)/)
      } finally {
        await view.close()
      }
    })
})
