// Colours a person has to read: text against its background at WCAG's 4.5:1 for normal text (the score badge is
// small bold text), and a mark that carries meaning (a step to do) at 3:1, computed from what Chromium draws.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Locator } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import { launchBrowser, listenForBrowser, openPage, signIn, stopConsole } from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'
import { contrast } from '../support/contrast'
import { signalRow } from '../support/webhooks'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let ws: Workspace
let deps: Deps

const PASSWORD = 'correct horse battery'
// One signal in each score band of docs/scoring.md#score-bands.
const SCORES = [9.5, 8, 6, 4, 2]

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({ config: { database: { url: ws.dbUrl } }, now: new Date().toISOString() }))
  const { team } = await seedTeam(deps, { name: 'acme' })
  const now = new Date().toISOString()
  await deps.repos.signals.insertMany(
    team.id,
    SCORES.map((score) => signalRow(team.id, { score, publishedAt: now, detectedAt: now })),
  )
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  await seedTeam(deps, { name: 'fresh' })
  await createUser(deps, { team: 'fresh', email: 'new@fresh.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

/** The element's text colour against its own background colour. */
const textContrast = async (element: Locator) => {
  const [color, background] = await element.evaluate((e) => {
    // In the page: Chromium's getComputedStyle (the tests' types have no DOM).
    const s = (globalThis as any).getComputedStyle(e)
    return [s.color, s.backgroundColor]
  })
  return contrast(color, background)
}

describe('contrast', () => {
  test('every score badge reads at 4.5:1 or more, in each band', async () => {
    const view = await openPage(browser, app?.origin as string)
    try {
      await signIn(view, 'ann@acme.test', PASSWORD)
      const badges = view.page.locator('.signal .score')
      await badges.nth(SCORES.length - 1).waitFor()
      const ratios: Record<string, number> = {}
      for (const badge of await badges.all())
        ratios[(await badge.textContent()) ?? ''] = Math.round((await textContrast(badge)) * 100) / 100
      expect(Object.keys(ratios).sort()).toEqual(SCORES.map(String).sort())
      for (const [score, ratio] of Object.entries(ratios))
        expect({ score, ratio: ratio >= 4.5 }).toEqual({ score, ratio: true })
    } finally {
      await view.close()
    }
  })

  test("Getting started: a step's empty circle, the only mark of a step still to do, shows at 3:1 or more", async () => {
    const view = await openPage(browser, app?.origin as string)
    try {
      await signIn(view, 'new@fresh.test', PASSWORD)
      const tick = view.page.locator('.checklist li:not(.done) .tick').first()
      await tick.waitFor()
      const [border, background] = await tick.evaluate((e) => {
        const style = (globalThis as any).getComputedStyle
        return [style(e).borderTopColor, style(e.closest('.getting-started')).backgroundColor]
      })
      expect(contrast(border, background)).toBeGreaterThanOrEqual(3)
    } finally {
      await view.close()
    }
  })
})
