// The Signals page of a team with a keyword but no ICP profile yet (docs/console.md#getting-started), in Chromium at a
// laptop's and a phone's width. A profile is optional: the next pass searches the keyword without one. "What to do
// next" named the profile, and the first-pass step said only "Your keywords have not been searched yet", so an
// owner who skipped the profile never read how to run a pass now.
import { describe, expect } from 'bun:test'
import { fitsWidth, screenshot } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test', plan: 'growth', keywords: ['crm'] })

describe('getting started with a keyword and no ICP profile', () => {
  atBothSizes(made, 'the first-pass step gives the command that runs a pass now', async (page, size) => {
    await page.getByRole('heading', { name: 'No signals yet' }).waitFor()
    expect(await page.locator('.next').textContent()).toContain('ICP profiles')
    const pass = page.locator('.checklist li', { hasText: 'A first polling pass' })
    expect(await pass.textContent()).toContain('Your keywords have not been searched yet.')
    expect(await pass.locator('code').allTextContents()).toEqual(['lead-signals poll --once --team acme'])
    expect(await pass.textContent()).toMatch(/Wait for the next pass, or run one now on the server:/)
    // Said once: the profile stays what to do next, and the command is not repeated there.
    expect(await page.locator('.next code').count()).toBe(0)
    expect(await fitsWidth(page)).toBe(true)
    await screenshot(page, `getting-started-no-profile-${size}`)
  })
})
