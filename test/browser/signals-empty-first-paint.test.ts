// A new team's Signals page (docs/console.md#getting-started), in Chromium at a laptop's and a phone's size: from
// the first paint it is the getting-started checklist. The page drew its list's answer (no signal) before it had
// asked whether the team has any signal at all, so a team with none first read "No signals match these filters."
// under filters it had never set, and then the page changed under it to "No signals yet".
import { describe, expect } from 'bun:test'
import { navigateTo } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({ team: 'first', owner: 'fay@first.test' })

describe('a new team’s Signals page', () => {
  atBothSizes(made, 'shows no filtered list before its checklist', async (page) => {
    // Recorded by the page itself, at each change of its content: what a person sees between two answers.
    // (A string: these tests are typed without the browser's globals.)
    await page.evaluate(`
      window.sawNoMatch = false
      new MutationObserver(() => {
        if (document.body.textContent.includes('No signals match these filters')) window.sawNoMatch = true
      }).observe(document.body, { childList: true, subtree: true, characterData: true })
    `)
    // The Signals page drawn anew (signIn left it open): to Keywords and back by the menu.
    await navigateTo(page, 'Keywords')
    await page.getByLabel('Keyword or query').waitFor()
    await navigateTo(page, 'Signals')
    await page.getByRole('heading', { name: 'No signals yet' }).waitFor()
    expect(await page.evaluate('window.sawNoMatch')).toBe(false)
  })
})
