// Moving to another page by the keyboard (docs/console.md#addresses): where the link that was followed is gone or
// hidden (the phone's menu closes as a page opens; a person's link goes with the People list), the keyboard lands on
// the new page's heading, and the next Tab goes into that page. It fell to the page's body: a screen reader heard
// nothing of the new page, and the next Tab went wherever the browser guessed.
import { describe, expect, test } from 'bun:test'
import { whenDrawn } from '../support/drawn'
import { openPage, signIn } from '../support/browser'
import { focusSettlesOn, tabReaches } from '../support/focus'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'
import { signalRow } from '../support/webhooks'

const con = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  keywords: ['crm'],
  seed: (deps, teamId) => deps.repos.signals.insertMany(teamId, [signalRow(teamId, { author: 'ann_ops' })]),
})

describe('Focus after moving to another page', () => {
  test('from the phone’s menu, the new page’s heading; Tab goes on into it (phone)', async () => {
    const view = await openPage(con.browser, con.app.origin, { viewport: { width: 390, height: 844 } })
    const { page } = view
    try {
      await signIn(view, con.owner, OWNER_PASSWORD)
      const menu = page.getByRole('button', { name: 'Menu' })
      await menu.focus()
      await page.keyboard.press('Enter')
      const link = page.getByRole('navigation').getByRole('link', { name: 'Keywords' })
      await link.waitFor()
      while (!(await link.evaluate((a) => a === a.ownerDocument.activeElement))) await page.keyboard.press('Tab')
      // In the frame the new page is drawn, not a paint later with the keyboard on the link now hidden.
      const drawn = await whenDrawn(page, 'main h1', 'Keywords')
      await page.keyboard.press('Enter')
      await link.waitFor({ state: 'hidden' })
      expect((await drawn()).focused).toBe('H1 Keywords')
      await focusSettlesOn(page, 'H1 Keywords')
      await tabReaches(page, page.getByLabel('Keyword or query'))
    } finally {
      await view.close()
    }
  })

  test('from a person’s link in the People list, the page’s heading (desktop)', async () => {
    const view = await openPage(con.browser, con.app.origin)
    const { page } = view
    try {
      await signIn(view, con.owner, OWNER_PASSWORD, '/#/people')
      const person = page.getByRole('link', { name: 'ann_ops' })
      await person.focus()
      await page.keyboard.press('Enter')
      await person.waitFor({ state: 'detached' })
      await focusSettlesOn(page, 'H1 People')
    } finally {
      await view.close()
    }
  })
})
