// A key name the server refuses (docs/console.md#settings): the Key name box is marked invalid, described by the
// reason (aria-invalid, aria-describedby: WCAG technique ARIA21) and takes the keyboard, as a refused field of the
// Destinations and Profiles forms does. The reason was a line under the form, tied to nothing.
import { describe, expect } from 'bun:test'
import { navigateTo } from '../support/browser'
import { fieldState } from '../support/focus'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

const con = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test' })

describe('A refused key name', () => {
  atBothSizes(con, 'marks the box, describes it by the reason and puts the keyboard on it', async (page) => {
    await navigateTo(page, 'Settings')
    const box = page.getByLabel('Key name')
    // A right-to-left override: the name would show other than it reads.
    await box.fill('ci\u202e')
    await page.getByRole('button', { name: 'Generate API Key' }).focus()
    await page.keyboard.press('Enter')
    const alert = page.getByRole('alert')
    await alert.waitFor()
    const reason = (await alert.textContent()) as string
    expect(reason).toBe(
      'Key name must not hold a control or direction character (U+202E): it would show other than it reads',
    )
    expect(await fieldState(box)).toEqual({ invalid: 'true', description: reason, focused: true })
    // Edited, it is no longer the name refused: the mark goes with the reason.
    await box.fill('ci')
    await alert.waitFor({ state: 'detached' })
    expect((await fieldState(box)).invalid).toBeNull()
  })
})
