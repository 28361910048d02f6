// The Sources page's "Next retry" of a wait a platform announced to another server on the database (a pause held for
// the credentials this server calls it with: docs/platforms.md#rate-limits), in Chromium at a laptop's and a phone's
// width: when the platform may be called again and why (source health's retryAt and retryWhy, docs/api.md).
import { describe, expect } from 'bun:test'
import { pauseKey } from '../../src/platforms/common/shared-pauses'
import { fitsWidth, navigateTo, screenshot } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

// Never called: the pause is read from the database, not from GitHub.
const github = { base_url: 'http://127.0.0.1:9', token: 'ghp_console' }

const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  keywords: ['crm'],
  config: { platforms: { github } },
  // What another server wrote when GitHub's answer took the last request of the window.
  seed: (deps) =>
    deps.repos.platformPauses.hold({
      key: pauseKey('github', github.base_url, github.token),
      platform: 'github',
      ms: 3_600_000,
      why: 'no requests remaining',
    }),
})

describe("a pause another server heard, on the Sources page's Next retry", () => {
  atBothSizes(made, 'says when and why', async (page, size) => {
    await navigateTo(page, 'Sources')
    const inUse = page.getByRole('table', { name: 'Sources in use' })
    const row = inUse.locator('tr', { has: page.locator('td[data-label="Platform"]', { hasText: /^GitHub$/ }) })
    const retry = row.locator('td[data-label="Next retry"]')
    await retry.locator('time').waitFor()
    // An hour away by the time the page reads it: "in 60 min" or "in 59 min", as the clock falls.
    expect(await retry.textContent()).toMatch(/^in (59|60) min \(no requests remaining\)$/)
    expect(Date.parse((await retry.locator('time').getAttribute('datetime'))!)).toBeGreaterThan(Date.now() + 3_000_000)
    expect(await fitsWidth(page)).toBe(true)
    await screenshot(page, `sources-retry-why-${size}`)
  })
})
