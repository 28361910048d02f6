// The ICP profiles page of a new team (docs/console.md#getting-started): it says there is none yet and what one is
// for, as the Keywords and Destinations pages do, and stops saying so once a profile is added.
import { describe, expect, test } from 'bun:test'
import { navigateTo, openPage, signIn } from '../support/browser'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'

const con = oneTeamConsole({ team: 'fresh', owner: 'new@fresh.test' })

describe('ICP profiles with none yet', () => {
  test('the page says so and what a profile is for, until one is added', async () => {
    const view = await openPage(con.browser, con.app.origin, { viewport: { width: 390, height: 844 } })
    const { page } = view
    try {
      await signIn(view, 'new@fresh.test', OWNER_PASSWORD)
      await navigateTo(page, 'ICP profiles')
      const none = page.getByText(/^No ICP profiles yet: /)
      await none.waitFor()
      expect(await none.textContent()).toContain('fits best')
      await page.getByLabel('Name').fill('Agencies')
      await page.getByLabel('Description').fill('Marketing agencies of 5 to 50 people')
      await page.getByRole('button', { name: 'Add' }).click()
      await page.getByRole('heading', { name: 'Agencies' }).waitFor()
      expect(await none.count()).toBe(0)
    } finally {
      await view.close()
    }
  })
})
