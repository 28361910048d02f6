// The Signals page's platform filter (docs/console.md#the-signals-page) offers the platforms the team can have signals
// from: its plan's, polled. It listed all 19 whatever the plan, so a team on two platforms picked among seventeen that
// could only ever show an empty list. A platform the page's address names (a shared link, a plan changed since) stays
// offered and chosen, so the filter still says what the list is filtered by.
import { describe, expect } from 'bun:test'
import type { Page } from 'playwright-core'
import { fitsWidth, screenshot } from '../support/browser'
import { atBothSizes, narrowPlan, oneTeamConsole } from '../support/one-team-console'
import { signalRow } from '../support/webhooks'

const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  plan: 'narrow',
  config: narrowPlan(['hackernews', 'github']),
  // A signal, so the page shows its list and filters rather than the getting-started checklist.
  seed: (deps, teamId) => deps.repos.signals.insertMany(teamId, [signalRow(teamId)]),
})

/** Opens the Signals page at `address` once signed in (the sign-in's own page load has ended). */
async function open(page: Page, address: string) {
  await page.locator('.shell header').waitFor()
  await page.goto(`${new URL(page.url()).origin}/${address}`)
  await page.reload()
}

const offered = async (page: Page) => {
  const platform = page.getByLabel('Platform')
  await platform.locator('option', { hasText: 'Hacker News' }).waitFor({ state: 'attached', timeout: 5000 })
  return platform.locator('option').allTextContents()
}

describe('the Signals page’s platform filter', () => {
  atBothSizes(made, 'offers the plan’s platforms only', async (page, size) => {
    await open(page, '#/signals')
    expect(await offered(page)).toEqual(['Any', 'Hacker News', 'GitHub'])
    expect(await fitsWidth(page)).toBe(true)
    await screenshot(page, `signals-platform-filter-${size}`)
  })

  atBothSizes(made, 'keeps a platform off the plan that the address names, chosen', async (page) => {
    await open(page, '#/signals?platform=reddit')
    expect(await offered(page)).toEqual(['Any', 'Hacker News', 'GitHub', 'Reddit'])
    expect(await page.getByLabel('Platform').inputValue()).toBe('reddit')
    expect(page.url()).toEndWith('#/signals?platform=reddit')
  })
})
