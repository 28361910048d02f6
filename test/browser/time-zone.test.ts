// Exact times in the console name their zone (docs/console.md): a reader in Tokyo whose colleague is in Berlin, or
// whose laptop is still on home time, can tell "1:00 AM" of which clock. The real app, a database file and Chromium.
import { describe, expect, test } from 'bun:test'
import { navigateTo, openPage, signIn } from '../support/browser'
import { crmSignals } from '../support/crm-signals'
import { OWNER_PASSWORD, oneTeamConsole, SIZES } from '../support/one-team-console'

const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  keywords: ['crm'],
  seed: (deps, teamId) => deps.repos.signals.insertMany(teamId, crmSignals(teamId, 3)),
})

describe('exact times with their zone', () => {
  for (const [size, viewport] of SIZES)
    test(`a signal's exact time on hover and the Usage page's reset say GMT+9 in Tokyo (${size})`, async () => {
      const view = await openPage(made.browser, made.app.origin, { viewport, timezoneId: 'Asia/Tokyo' })
      try {
        await signIn(view, made.owner, OWNER_PASSWORD)
        const time = view.page.locator('.signal time').first()
        await time.waitFor()
        expect(await time.getAttribute('title')).toMatch(/ GMT\+9$/)
        await navigateTo(view.page, 'Usage')
        const resets = view.page.locator('dt:text-is("Quota resets") + dd')
        await resets.waitFor()
        expect(await resets.textContent()).toMatch(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M GMT\+9$/)
      } finally {
        await view.close()
      }
    })
})
