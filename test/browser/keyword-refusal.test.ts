// A query the server refuses on Add (docs/queries.md#preview): the box is marked invalid and described by where the
// query is wrong (aria-invalid, aria-describedby: WCAG technique ARIA21), with the keyboard back in it. The message
// below the box was announced once and then tied to nothing: back in the box, a screen reader read its label alone.
import { describe, expect, test } from 'bun:test'
import { openPage, signIn } from '../support/browser'
import { fieldState } from '../support/focus'
import { OWNER_PASSWORD, oneTeamConsole, SIZES } from '../support/one-team-console'

const con = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test', keywords: ['crm'] })

describe('A refused query', () => {
  for (const [label, viewport] of SIZES)
    test(`marks the box invalid, described by where the query is wrong (${label})`, async () => {
      const view = await openPage(con.browser, con.app.origin, { viewport })
      const { page } = view
      try {
        await signIn(view, con.owner, OWNER_PASSWORD, '/#/keywords')
        const box = page.getByLabel('Keyword or query')
        await box.fill('crm OR')
        await box.press('Enter')
        const refusal = page.getByRole('alert')
        await refusal.waitFor()
        const state = await fieldState(box)
        expect(state).toEqual({ invalid: 'true', description: (await refusal.textContent()) as string, focused: true })
        expect(state.description).toContain('at character 7')
        // Edited, it is no longer the query refused: the mark goes with the refusal.
        await box.fill('crm OR erp')
        await refusal.waitFor({ state: 'detached' })
        expect((await fieldState(box)).invalid).toBeNull()
      } finally {
        await view.close()
      }
    })
})
