// Keyboard triage (docs/console.md#triage) after Tab: r, n and o act on the selected card. Tabbing into a later
// card's buttons left the first one selected (outlined), so n pressed there dismissed the first card's lead, one the
// person had tabbed past. The card the keyboard is in is the selected one now, whichever way it got there.
import { describe, expect } from 'bun:test'
import { screenshot } from '../support/browser'
import { focused } from '../support/focus'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'
import { signalRow } from '../support/webhooks'

const now = new Date().toISOString()
const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  keywords: ['crm'],
  seed: (deps, teamId) =>
    deps.repos.signals.insertMany(teamId, [
      // A pair for each size: the list is the team's, and each test dismisses one.
      signalRow(teamId, { author: 'first-desktop', score: 8, publishedAt: now, detectedAt: now }),
      signalRow(teamId, { author: 'second-desktop', score: 7, publishedAt: now, detectedAt: now }),
      signalRow(teamId, { author: 'first-phone', score: 6, publishedAt: now, detectedAt: now }),
      signalRow(teamId, { author: 'second-phone', score: 5, publishedAt: now, detectedAt: now }),
    ]),
})

describe('triage keys after Tab', () => {
  atBothSizes(made, 'n judges the card the keyboard is in, which is the one outlined', async (page, size) => {
    const card = (who: string) => page.locator('ol.signals > li', { hasText: `${who}-${size}` })
    await card('second').waitFor()
    // Tab, as a person does, from the page's heading into the later card (its author's link, then Full text).
    await page.locator('main h1').focus()
    for (let i = 0; i < 40 && (await focused(page)) !== `A second-${size}`; i++) await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('BUTTON Full text')
    // Outlined as selected: that card, and no other.
    expect(await page.locator('ol.signals > li.selected').allTextContents()).toEqual([
      (await card('second').textContent()) as string,
    ])
    await page.keyboard.press('n')
    const undo = page.locator('.notice.undo')
    await undo.waitFor({ timeout: 5000 })
    expect(await undo.textContent()).toContain(`second-${size}`)
    // The earlier card's lead stays as it was: no verdict given on it.
    expect(await card('first').getAttribute('class')).not.toContain('dismissed')
    await screenshot(page, `triage-focus-${size}`)
  })
})
