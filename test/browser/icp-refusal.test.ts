// A profile the server refuses for one of its fields (docs/console.md#icp-profiles): that field is marked invalid,
// described by the reason (aria-invalid, aria-describedby: WCAG technique ARIA21) and takes the keyboard, as the
// Destinations form's do. A name the team already had was refused with a line beside Add and nothing more: the
// answer named no field, so the form could not say which one was wrong.
import { describe, expect } from 'bun:test'
import type { Page } from 'playwright-core'
import { addIcp } from '../../src/domain/icps/icps'
import { navigateTo } from '../support/browser'
import { fieldState } from '../support/focus'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

const con = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  seed: (deps, teamId) => addIcp(deps, { teamId, name: 'Café owners', description: 'Small cafés' }),
})

async function submitByKeys(page: Page) {
  await page.getByRole('button', { name: 'Add', exact: true }).focus()
  await page.keyboard.press('Enter')
  await page.getByRole('alert').waitFor()
  return (await page.getByRole('alert').textContent()) as string
}

describe('A refused profile', () => {
  atBothSizes(con, 'marks the field refused, describes it by the reason and puts the keyboard on it', async (page) => {
    await navigateTo(page, 'ICP profiles')
    const name = page.getByLabel('Name')
    const description = page.getByLabel('Description')
    // The same name in other case and Unicode form (é as e and U+0301).
    await name.fill('CAFE\u0301 OWNERS')
    await description.fill('Cafés with a few staff')
    const reason = await submitByKeys(page)
    expect(reason).toBe('the team already has an ICP profile named "Café owners"')
    expect(await fieldState(name)).toEqual({ invalid: 'true', description: reason, focused: true })
    expect(await fieldState(description)).toEqual({ invalid: null, description: '', focused: false })

    // Edited, the name is no longer the one refused: the mark goes with the reason.
    await name.fill('Bakery owners')
    await page.getByRole('alert').waitFor({ state: 'detached' })
    expect((await fieldState(name)).invalid).toBeNull()
    // Another field refused (spaces only pass the browser's own check): the mark is on it.
    await description.fill('   ')
    const why = await submitByKeys(page)
    expect(why).toBe('Description must not be empty')
    expect(await fieldState(description)).toEqual({ invalid: 'true', description: why, focused: true })
    expect((await fieldState(name)).invalid).toBeNull()
  })
})
