// The Settings page's Scorer section (docs/console.md#settings), in Chromium at a laptop's and a phone's size, on a
// fresh site with no signals yet: which scorer is configured, whether its model answers, and what to do when it does
// not, without waiting for signals the rules scorer judged. The fake model server follows Ollama's API documentation:
// a model not pulled is a 404 {"error": …} naming it ("Errors"); a server down is a port nothing listens on.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
// One name for what the console tests share in Chromium: this file starts a console for each scorer set-up.
import * as chromium from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'
import { OWNER_PASSWORD, SIZES } from '../support/one-team-console'
import { REFUSED_ORIGIN } from '../support/refused'

type Site = { deps: Deps; ws: Workspace; app: ReturnType<typeof chromium.listenForBrowser> }
let browser: Browser
const sites: Record<string, Site> = {}
let ollama: ReturnType<typeof Bun.serve>

/** A fresh site, as serve starts it: the model server checked once, and no signal yet. */
async function site(scorer: Record<string, unknown>): Promise<Site> {
  const ws = createWorkspace()
  const { deps } = await testDeps({ config: { database: { url: ws.dbUrl }, scorer }, now: new Date().toISOString() })
  await seedTeam(deps, { name: 'acme' })
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
  sites.strict = await site({ backend: 'ollama', ollama: { host: REFUSED_ORIGIN }, fallback: 'none' })
  sites.rules = await site({ backend: 'rules' })
  browser = await chromium.launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  for (const s of Object.values(sites)) await chromium.stopConsole(s)
  ollama.stop(true)
})

async function scorerSection(name: string, [size, viewport]: (typeof SIZES)[number], shot?: string) {
  const view = await chromium.openPage(browser, sites[name]?.app.origin as string, { viewport })
  try {
    await chromium.signIn(view, 'ann@acme.test', OWNER_PASSWORD, '/#/settings')
    const section = view.page.locator('section', { has: view.page.getByRole('heading', { name: 'Scorer' }) })
    await section.locator('.scorer-now').waitFor()
    const said = ((await section.textContent()) ?? '').replace(/\s+/g, ' ')
    expect(await chromium.fitsWidth(view.page)).toBe(true)
    if (shot) await chromium.screenshot(view.page, `${shot}-${size}`)
    expect(view.errors.filter((e) => !e.includes('401'))).toEqual([])
    return said
  } finally {
    await view.close()
  }
}

describe('the Settings page says how leads are scored', () => {
  for (const size of SIZES) {
    test(`a model not pulled: the model, what to run, and that the rules scorer judges meanwhile (${size[0]})`, async () => {
      const said = await scorerSection('missing', size, 'scorer-status-missing')
      expect(said).toContain('The ollama scorer with the model “qwen2.5:3b” is configured.')
      expect(said).toMatch(/The model server has been without the model “qwen2\.5:3b” since [^(]+ \(just now\)/)
      expect(said).toContain('run “ollama pull qwen2.5:3b”')
      expect(said).toContain('Until it answers, the embedded rules scorer judges posts (tagged “rules scorer”).')
      expect(said).toContain('lead-signals scorer check says why')
      expect(said).not.toContain('Now ')
    })

    test(`a model server down: start it (${size[0]})`, async () => {
      const said = await scorerSection('down', size, 'scorer-status-down')
      expect(said).toMatch(/The model server has not been reachable since [^(]+ \(just now\): start it/)
      expect(said).toContain('Until it answers, the embedded rules scorer judges posts')
      // Nothing of the server's address for a team's members.
      expect(said).not.toContain('127.0.0.1')
    })

    test(`scorer.fallback = "none": no rules scorer meanwhile (${size[0]})`, async () => {
      const said = await scorerSection('strict', size)
      expect(said).toContain('Until it answers, posts wait unscored (scorer.fallback = "none").')
      expect(said).not.toContain('rules scorer judges')
    })

    test(`the rules scorer configured: nothing to check (${size[0]})`, async () => {
      const said = await scorerSection('rules', size)
      expect(said).toContain('The embedded rules scorer is configured: it needs no model server.')
      expect(said).not.toContain('scorer check')
    })
  }
})
