// The Destinations page of a new team with none (docs/console.md#webhooks), in Chromium at a laptop's and a phone's
// width. It said "No destinations yet: add one to have new leads sent to your systems, a chat or an inbox" and
// nothing of where the team's leads go meanwhile, so a newcomer could think leads found before then were lost.
import { describe, expect } from 'bun:test'
import { fitsWidth, navigateTo, screenshot } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test', plan: 'growth', keywords: ['crm'] })

describe('a team with no destination', () => {
  atBothSizes(made, 'reads where its leads go until it adds one, with a link there', async (page, size) => {
    await navigateTo(page, 'Destinations')
    const empty = page.locator('main p', { hasText: 'No destinations yet' })
    await empty.waitFor()
    expect((await empty.textContent())?.replace(/\s+/g, ' ')).toBe(
      'No destinations yet: new leads are listed on the Signals page only. Add one to have them sent to your systems, a chat or an inbox as well.',
    )
    expect(await empty.getByRole('link', { name: 'Signals' }).getAttribute('href')).toBe('#/signals')
    expect(await fitsWidth(page)).toBe(true)
    await screenshot(page, `destinations-empty-${size}`)
  })
})
