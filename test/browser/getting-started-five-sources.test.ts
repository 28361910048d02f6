// Getting started (docs/console.md#getting-started) names the sources of its first step. It named four and wrote the
// rest as a count, so a new team on the growth plan, whose server searches the four keyless platforms and reads
// Bluesky's stream, read "Hacker News, Bluesky, Stack Overflow, GitHub and 1 more": the one left was no shorter to name
// than to count, and dev.to was the source nobody was told of. Five are now named; from six on, four and a count of
// two or more.
import { describe, expect } from 'bun:test'
import type { Page } from 'playwright-core'
import { atBothSizes, narrowPlan, oneTeamConsole } from '../support/one-team-console'

const five = oneTeamConsole({
  team: 'five',
  owner: 'fi@five.test',
  plan: 'narrow',
  config: narrowPlan(['hackernews', 'github', 'stackoverflow', 'devto', 'medium']),
  keywords: ['crm'],
})
const six = oneTeamConsole({
  team: 'six',
  owner: 'si@six.test',
  plan: 'narrow',
  config: narrowPlan(['hackernews', 'github', 'stackoverflow', 'devto', 'medium', 'substack']),
  keywords: ['crm'],
})

const sourceStep = async (page: Page) => {
  await page.getByRole('heading', { name: 'No signals yet' }).waitFor()
  return (await page.locator('.checklist li', { hasText: 'A source to search' }).textContent()) ?? ''
}

describe('the first step of getting started names its sources', () => {
  atBothSizes(five, 'five sources: each by its name, no count', async (page) => {
    const text = await sourceStep(page)
    for (const name of ['Hacker News', 'GitHub', 'Stack Overflow', 'dev.to', 'Medium']) expect(text).toContain(name)
    expect(text).not.toMatch(/\d more/)
  })
  atBothSizes(six, 'six sources: four by name and a count of the other two', async (page) => {
    expect(await sourceStep(page)).toMatch(/ and 2 more/)
  })
})
