// The Destinations page adds a person.updated destination (docs/people.md#person-updated): a signed webhook sent at
// once when a person turns hot. It could be made only through the API, though the People page's Hot at form talks of
// one. Its rules are the server's (webhook kind, instant, no filter of signals): the form offers nothing else for it
// (destination-hot-choices.test.ts), and asks for no filter.
import { describe, expect } from 'bun:test'
import { listEndpoints } from '../../src/domain/webhooks/endpoints'
import { navigateTo, screenshot } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

// The receiver is never sent to: the test reads the form and the list. A local address, allowed as for a test site.
const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  config: { webhooks: { allow_private_targets: true } },
})

describe('a person.updated destination from the Destinations page', () => {
  atBothSizes(made, 'is offered and added', async (page, size) => {
    await navigateTo(page, 'Destinations')
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'New destination' }) })
    await form.getByLabel('Sends').selectOption('person.updated')
    // The filters choose signals: not asked for this event.
    expect(await form.getByLabel('Minimum score').count()).toBe(0)
    const url = `http://127.0.0.1:9/hot-${size}`
    await form.getByLabel('URL').fill(url)
    const add = form.getByRole('button', { name: 'Add destination' })
    await screenshot(page, `destination-person-updated-${size}`)
    await add.click()
    const card = page.locator('.cards li', { hasText: url })
    await card.waitFor({ timeout: 5000 })
    expect(await card.textContent()).toContain('Webhook · people turning hot · instantly')
    // What it is told of: a person turning hot, not new signals, which it never gets.
    const note = (await page.getByText(`Added ${url}`).textContent()) as string
    expect(note).toContain("each time a person's heat reaches the People page's Hot at")
    expect(note).not.toContain('new signals')
    // It takes no filter of signals (docs/people.md#person-updated): the card said "score ≥ 0" all the same.
    expect(await card.textContent()).not.toContain('score ≥')
    const endpoints = await listEndpoints(made.deps, { teamId: made.teamId })
    expect(endpoints.find((e) => e.url === url)?.event).toBe('person.updated')
  })
})
