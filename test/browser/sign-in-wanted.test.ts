// docs/console.md#sign-in: an alert's links (a person's page, the Signals page) open the console; signed out, the
// sign-in form says what the link leads to, where it showed the bare form as if the link had led nowhere, and once
// signed in the page itself opens.
import { describe, expect, test } from 'bun:test'
import { openPage, screenshot, signIn } from '../support/browser'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'
import { signalRow, storeSignals } from '../support/webhooks'

const con = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  seed: (deps, teamId) => storeSignals(deps, [signalRow(teamId, { author: 'Ann_Ops' })]),
})

describe("an alert's link, signed out", () => {
  test("a person's page: the form names it, and signing in opens it", async () => {
    const now = new Date().toISOString()
    const person = (await con.deps.repos.people.list(con.teamId, {}, { limit: 1, offset: 0, now })).people[0]?.id
    const view = await openPage(con.browser, con.app.origin, { viewport: { width: 390, height: 844 } })
    try {
      await view.goto(`/#/people/${person}`)
      const status = view.page.getByRole('status')
      expect(await status.textContent()).toBe("Sign in to open this person's page.")
      await screenshot(view.page, 'sign-in-wanted-person')
      await signIn(view, con.owner, OWNER_PASSWORD, `/#/people/${person}`)
      await view.page.getByText('Ann_Ops').first().waitFor()
      expect(new URL(view.page.url()).hash).toBe(`#/people/${person}`)
    } finally {
      await view.close()
    }
  })

  test('a page of the menu is named; the bare address, which names none, shows the form alone', async () => {
    const view = await openPage(con.browser, con.app.origin)
    try {
      await view.goto('/#/signals')
      expect(await view.page.getByRole('status').textContent()).toBe('Sign in to open the Signals page.')
      await view.page.goto('about:blank')
      await view.goto('/')
      await view.page.getByLabel('Email').waitFor()
      expect(await view.page.getByRole('status').count()).toBe(0)
    } finally {
      await view.close()
    }
  })
})
