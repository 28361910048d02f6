// The Sources page's "Not searched for you" (docs/console.md#sources) of a team whose plan leaves out platforms this
// server can use, in Chromium at a laptop's and a phone's width. Each read "not on your plan" and nothing said that
// a team's users cannot change their plan, nor who does and how, so an owner looked for a setting in the console.
// And "In use" said "Hacker News, Stack Overflow, dev.to, GitHub, Medium and Substack need no key, nor does Bluesky's
// stream" whatever the plan, so a newcomer asked why the keyless platforms it named were not in use.
import { describe, expect } from 'bun:test'
import { fitsWidth, navigateTo, screenshot } from '../support/browser'
import { atBothSizes, narrowPlan, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  keywords: ['crm'],
  plan: 'narrow',
  config: narrowPlan(['hackernews']),
})

describe('platforms off the plan', () => {
  atBothSizes(made, 'say who adds them to the team’s plan, and with which command', async (page, size) => {
    await navigateTo(page, 'Sources')
    const offPlan = page.getByRole('list', { name: 'Sources not searched for you' })
    await offPlan.locator('li', { hasText: 'GitHub' }).waitFor()
    const hint = page.getByRole('note', { name: 'Platforms off your plan' })
    expect(await hint.count()).toBe(1)
    expect((await hint.textContent())?.replace(/\s+/g, ' ')).toBe(
      'A platform not on your plan comes with another plan, which the server’s operator gives your team: lead-signals team set --team TEAM --plan PLAN.',
    )
    expect(await fitsWidth(page)).toBe(true)
    await screenshot(page, `sources-plan-who-${size}`)
  })

  atBothSizes(made, 'In use names as needing no key only the platforms in use', async (page) => {
    await navigateTo(page, 'Sources')
    // textContent waits for the hint to be drawn.
    const hint = page.locator('p.hint', { hasText: 'The platforms searched for your keywords' })
    expect((await hint.textContent())?.replace(/\s+/g, ' ')).toEndWith(' each searches. Hacker News needs no key.')
  })
})
