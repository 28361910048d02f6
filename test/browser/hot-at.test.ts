// The People page's Hot at form (docs/console.md#people), in Chromium at a laptop's and a phone's width: a new team
// read "a webhook with the person.updated event hears when a person reaches it", an event name no console page lets
// them choose (the Destinations form has no event), so nothing told them how to get one. It now says what the threshold
// is, in the Destinations page's words ("people turning hot"), and links how such a destination is added.
import { describe, expect } from 'bun:test'
import { fitsWidth, navigateTo, screenshot } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test' })

describe('the Hot at form on the People page', () => {
  atBothSizes(made, "says what the threshold does in the console's words, with how to get told", async (page, size) => {
    await navigateTo(page, 'People')
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Hot at' }) })
    await form.waitFor()
    const threshold = page.getByLabel('Heat threshold (1 to 100)', { exact: true })
    await threshold.waitFor({ timeout: 5000 })
    const said = (await form.textContent()) ?? ''
    expect(said).not.toContain('person.updated')
    expect(said).toContain('A webhook destination for people turning hot')
    // The threshold is the webhook's, not the badges' (docs/people.md#heat): "From this heat a person is hot" was
    // false beside a list that kept calling someone over a threshold of 50 "62 warm".
    expect(said).not.toContain('a person is hot')
    expect(said).toContain("hears each time a person's heat reaches this. A person's badge stays hot from 70")
    expect(await form.getByRole('link', { name: 'how' }).getAttribute('href')).toBe('/docs/people#person-updated')
    expect(await fitsWidth(page)).toBe(true)
    await screenshot(page, `people-hot-at-${size}`)
  })
})
