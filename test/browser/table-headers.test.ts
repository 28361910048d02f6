// Every column of the console's tables has a name (docs/console.md): the one holding each row's buttons (Remove,
// Revoke, Disconnect, Replay) had an empty header, so a screen reader moving along a row read those buttons under no
// column at all, and its list of the table's columns had a blank one. It is "Actions" now, read but not shown.
import { describe, expect, test } from 'bun:test'
import { issueApiKey } from '../../src/domain/keys/keys'
import { navigateTo, openPage, signIn } from '../support/browser'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'

const con = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  keywords: ['crm'],
  seed: (deps, teamId) => issueApiKey(deps, { teamId, label: 'sync' }),
})

// At a laptop's width: on a phone the tables are cards, each value under its column's name and the header row hidden.
describe('Table headers', () => {
  test("each column of Keywords and API keys has a name, the buttons' one unseen (desktop)", async () => {
    const view = await openPage(con.browser, con.app.origin)
    const { page } = view
    try {
      await signIn(view, con.owner, OWNER_PASSWORD, '/#/keywords')
      for (const [pageName, table] of [
        ['Keywords', 'Keywords'],
        ['Settings', 'API keys'],
      ] as const) {
        await navigateTo(page, pageName)
        const headers = page.getByRole('table', { name: table }).getByRole('columnheader')
        await headers.first().waitFor({ state: 'attached' })
        const names = await headers.evaluateAll((hs) => hs.map((h) => (h.textContent ?? '').trim()))
        expect(names.at(-1)).toBe('Actions')
        expect(names.filter((n) => n === '')).toEqual([])
        // Read, not shown: the header row looks as it did.
        const shown = page.getByRole('table', { name: table }).getByText('Actions', { exact: true })
        expect(await shown.evaluate((e) => e.getBoundingClientRect().width <= 1)).toBe(true)
      }
    } finally {
      await view.close()
    }
  })
})
