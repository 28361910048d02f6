// Revoke, Remove and Disconnect (docs/console.md#verdicts) by the keyboard alone: once Yes has acted and its row is
// gone (a keyword, a profile) or holds no button any more (a revoked key), the keyboard is on the same action of the
// nearest row left, or on the page's heading when there is none. It fell to the page's body: the next Tab started
// again from the top of the page, and a screen reader said nothing of where it was.
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { issueApiKey } from '../../src/domain/keys/keys'
import { openPage, signIn } from '../support/browser'
import { focused, focusSettlesOn, tabReaches } from '../support/focus'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'

const con = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  keywords: ['crm', 'erp', 'hr'],
  seed: async (deps, teamId) => {
    await issueApiKey(deps, { teamId, label: 'first' })
    await issueApiKey(deps, { teamId, label: 'second' })
  },
})

/** Waits (up to 3 s) for `count` to come to `n`. */
const countComesTo = (count: () => Promise<number>, n: number) =>
  (async () => {
    for (let tries = 0; tries < 30 && (await count()) !== n; tries++) await Bun.sleep(100)
    expect(await count()).toBe(n)
  })()

/** Asks with `name`'s button and answers Yes, by the keyboard: Enter, then Shift+Tab from Cancel to Yes, Enter. */
async function confirmByKeys(page: Page, name: string, gone: () => Promise<unknown>) {
  await page.getByRole('button', { name, exact: true }).focus()
  await page.keyboard.press('Enter')
  expect(await focused(page)).toBe('BUTTON Cancel')
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Enter')
  await gone()
}

describe('Focus after Yes', () => {
  test('Keywords: on the next keyword’s Remove, then the one before, then the heading (desktop)', async () => {
    const view = await openPage(con.browser, con.app.origin)
    const { page } = view
    try {
      await signIn(view, con.owner, OWNER_PASSWORD, '/#/keywords')
      const table = page.getByRole('table', { name: 'Keywords' })
      const row = (k: string) => table.getByRole('cell', { name: k, exact: true })
      await row('erp').waitFor()
      await confirmByKeys(page, 'Remove erp', () => row('erp').waitFor({ state: 'detached' }))
      await focusSettlesOn(page, 'BUTTON Remove hr')
      await confirmByKeys(page, 'Remove hr', () => row('hr').waitFor({ state: 'detached' }))
      await focusSettlesOn(page, 'BUTTON Remove crm')
      await confirmByKeys(page, 'Remove crm', () => table.waitFor({ state: 'detached' }))
      await focusSettlesOn(page, 'H1 Keywords')
      // The keyboard goes on from there: the next Tab reaches the page's first field, not the menu at the top.
      await tabReaches(page, page.getByLabel('Keyword or query'))
    } finally {
      await view.close()
    }
  })

  test('Settings: a revoked key keeps its row; on the next key’s Revoke, then the heading (phone)', async () => {
    const view = await openPage(con.browser, con.app.origin, { viewport: { width: 390, height: 844 } })
    const { page } = view
    try {
      await signIn(view, con.owner, OWNER_PASSWORD, '/#/settings')
      const revokes = page.getByRole('button', { name: /^Revoke lsk_/ })
      await revokes.first().waitFor()
      const labels = await revokes.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') ?? ''))
      expect(labels.length).toBeGreaterThanOrEqual(2)
      for (const [i, label] of labels.entries()) {
        await confirmByKeys(page, label, () => countComesTo(() => revokes.count(), labels.length - i - 1))
        await focusSettlesOn(page, labels[i + 1] ? `BUTTON ${labels[i + 1]}` : 'H1 Settings')
      }
    } finally {
      await view.close()
    }
  })
})
