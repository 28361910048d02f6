// A heat threshold the server refuses (docs/console.md#people): the People page's Hot at form showed the reason at the
// top of the page, above the list and out of sight of the form at its foot, tied to no field. The box is now marked
// invalid, described by the reason under it (aria-invalid, aria-describedby: WCAG technique ARIA21) and takes the
// keyboard, as a refused field of the Profiles, Destinations and Settings forms does.
import { describe, expect } from 'bun:test'
import { navigateTo, screenshot } from '../support/browser'
import { fieldState } from '../support/focus'
import { until } from '../support/fake-discord'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test' })

describe('A refused heat threshold', () => {
  atBothSizes(
    made,
    'marks the Heat threshold box, described by the reason, with the keyboard on it',
    async (page, size) => {
      await navigateTo(page, 'People')
      const form = page.locator('form', { has: page.getByRole('heading', { name: 'Hot at' }) })
      const box = page.getByLabel('Heat threshold (1 to 100)', { exact: true })
      // The team's threshold read (70, the default) before anything is typed over it.
      expect(await until(async () => (await box.inputValue()) === '70', 5000)).toBe(true)
      // Chromium lets it through (a step mismatch smaller than a float's precision, as the HTML standard allows), and
      // the API takes a whole number only (docs/people.md#the-threshold).
      await box.fill('50.00000001')
      await form.getByRole('button', { name: 'Save' }).click()
      const alert = form.getByRole('alert')
      await alert.waitFor({ timeout: 5000 })
      const reason = (await alert.textContent()) as string
      // In the form's words: the box is Heat threshold; heatThreshold is the API's name for it
      // (docs/console.md#errors).
      expect(reason).toBe('Heat threshold must be a whole number from 1 to 100')
      expect(await fieldState(box)).toEqual({ invalid: 'true', description: reason, focused: true })
      // Said once, at the form: not also at the top of the page, above the list.
      expect(await page.getByRole('alert').count()).toBe(1)
      expect(await box.inputValue()).toBe('50.00000001')
      await screenshot(page, `people-hot-at-refused-${size}`)
      // Edited, it is no longer the value refused: the mark goes with the reason.
      await box.fill('50')
      await alert.waitFor({ state: 'detached', timeout: 5000 })
      expect((await fieldState(box)).invalid).toBeNull()
      // Nothing was changed by the refusal: 50 is a change from the 70 kept, saved now.
      await form.getByRole('button', { name: 'Save' }).click()
      expect(await until(() => form.getByRole('button', { name: 'Save' }).isDisabled(), 5000)).toBe(true)
      expect(await made.deps.repos.people.heatThreshold(made.teamId)).toBe(50)
      // The other size's test starts from the default again.
      await made.deps.repos.people.setHeatThreshold(made.teamId, 70)
    },
  )
})
