// The warning of sources that stopped answering (docs/console.md#sources-not-answering) with what a platform may send:
// an error of thousands of characters with no space, markup in it, beside a 64-character team name, at 320, 390 and
// 1280 px. The error is the platform's own text: shown as text, its start only, and the page stays its width.
import { describe, expect, test } from 'bun:test'
import { fitsWidth, openPage, screenshot, signIn } from '../support/browser'
import { crmSignals } from '../support/crm-signals'
import { narrowPlan, OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString()
const LONG = `devto answered with status 503: <img src=x onerror=alert(1)>${'Unavailable'.repeat(400)}`

const made = oneTeamConsole({
  team: `t${'x'.repeat(63)}`,
  owner: 'ann@acme.test',
  plan: 'narrow',
  keywords: ['crm'],
  config: narrowPlan(['devto', 'hackernews']),
  seed: async (deps, teamId) => {
    await deps.repos.signals.insertMany(teamId, crmSignals(teamId, 3))
    await deps.repos.platformHealth.recordSuccess('devto', hoursAgo(30))
    await deps.repos.platformHealth.recordFailure('devto', hoursAgo(1), LONG)
    await deps.repos.platformHealth.recordSuccess('hackernews', hoursAgo(0.1))
  },
})

describe('a long platform error in the warning', () => {
  for (const width of [320, 390, 1280])
    test(`is cut, shown as text, and fits at ${width} px`, async () => {
      const view = await openPage(made.browser, made.app.origin, { viewport: { width, height: 800 } })
      try {
        await signIn(view, made.owner, OWNER_PASSWORD)
        const note = view.page.getByRole('note', { name: 'Sources not answering' })
        await note.waitFor()
        const item = (await note.locator('li').textContent()) ?? ''
        expect(item).toStartWith('dev.to has failed since 1 h ago; last tried 1 h ago: answered with status 503: <img')
        expect(item).toEndWith('…')
        expect(item.length).toBeLessThan(300)
        expect(await note.locator('img').count()).toBe(0)
        expect(await note.textContent()).toContain('Your keywords are searched on the others meanwhile.')
        expect(await fitsWidth(view.page)).toBe(true)
        await screenshot(view.page, `sources-down-long-${width}`)
      } finally {
        await view.close()
      }
    })
})
