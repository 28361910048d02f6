// The ICP profiles page of a team at the most profiles a team may have (docs/console.md#icp-profiles): the form for a
// new one says so before it is filled in, and says it no more once one is removed.
import { describe, expect, test } from 'bun:test'
import { addIcp, MAX_PROFILES } from '../../src/domain/icps/icps'
import { navigateTo, openPage, signIn } from '../support/browser'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'

const con = oneTeamConsole({
  team: 'full',
  owner: 'ann@full.test',
  seed: async (deps, teamId) => {
    for (let i = 1; i <= MAX_PROFILES; i++)
      await addIcp(deps, { teamId, name: `Segment ${i}`, description: `Buyers of kind ${i}` })
  },
})

describe('ICP profiles at the most a team may have', () => {
  test('the new-profile form says the team is at the limit and how to make room, until one is removed', async () => {
    const view = await openPage(con.browser, con.app.origin, { viewport: { width: 390, height: 844 } })
    const { page } = view
    try {
      await signIn(view, 'ann@full.test', OWNER_PASSWORD)
      await navigateTo(page, 'ICP profiles')
      const note = page.getByText(/^The team has 20 profiles, the most a team may have: remove one/)
      await note.waitFor()
      await page.getByRole('button', { name: 'Remove Segment 20' }).click()
      await page.getByRole('button', { name: 'Yes, remove' }).click()
      await page.getByRole('heading', { name: 'Segment 20' }).waitFor({ state: 'detached' })
      expect(await note.count()).toBe(0)
    } finally {
      await view.close()
    }
  })
})
