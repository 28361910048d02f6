// Editing an ICP profile by the keyboard (docs/console.md#icp-profiles): Edit puts it in Description. Cancel then
// took the form back to New profile and, its button gone, left the keyboard on the page's body; Save by Enter left it
// in the emptied New profile form. Both now put it back on the profile's Edit button, where the person came from,
// and Escape in the form cancels as Cancel does.
import { describe, expect } from 'bun:test'
import { addIcp } from '../../src/domain/icps/icps'
import { navigateTo, screenshot } from '../support/browser'
import { focused, focusSettlesOn } from '../support/focus'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  seed: async (deps, teamId) => {
    for (const name of ['smb-desktop', 'smb-phone'])
      await addIcp(deps, { teamId, name, description: 'Small sales teams', competitors: ['hubspot'] })
  },
})

describe('editing a profile by the keyboard', () => {
  atBothSizes(made, 'Escape, Cancel and Save put the keyboard back on Edit', async (page, size) => {
    await navigateTo(page, 'ICP profiles')
    const name = `smb-${size}`
    const edit = page.getByRole('button', { name: `Edit ${name}` })
    const heading = page.locator('form h2')
    await edit.focus()
    await page.keyboard.press('Enter')
    expect(await focused(page)).toBe('TEXTAREA ')
    expect(await page.getByLabel('Description').inputValue()).toBe('Small sales teams')
    expect(await heading.textContent()).toBe(`Edit ${name}`)
    await page.keyboard.press('Escape')
    await focusSettlesOn(page, `BUTTON Edit ${name}`)
    expect(await heading.textContent()).toBe('New profile')
    // Cancel, reached by Tab (Competitors, Save, Cancel).
    await page.keyboard.press('Enter')
    for (const key of ['Tab', 'Tab', 'Tab']) await page.keyboard.press(key)
    expect(await focused(page)).toBe('BUTTON Cancel')
    await page.keyboard.press('Enter')
    await focusSettlesOn(page, `BUTTON Edit ${name}`)
    expect(await heading.textContent()).toBe('New profile')
    // Save by Enter in Competitors.
    await page.keyboard.press('Enter')
    await page.keyboard.press('End')
    await page.keyboard.type(' of five')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await focusSettlesOn(page, `BUTTON Edit ${name}`)
    expect(await heading.textContent()).toBe('New profile')
    const card = page.locator('.cards li', { hasText: name })
    expect(await card.textContent()).toContain('Small sales teams of five')
    await screenshot(page, `icp-edit-keyboard-${size}`)
  })
})
