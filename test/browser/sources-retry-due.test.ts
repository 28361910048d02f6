// The Sources page once a shown retry time passes (docs/console.md#sources): it reads the sources again, once, when the
// earliest one is due by the server's clock, so "Next retry in under a minute" gives way to what is true then. It
// stayed until the page was reloaded; reading every second instead would ask the server 60 times a minute for nothing.
import { describe, expect } from 'bun:test'
import { navigateTo } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  keywords: ['crm'],
})

describe('a retry time that passes while the Sources page is open', () => {
  atBothSizes(made, 'is read again once it is due, not every second', async (page) => {
    // The server's clock runs here (the test's clock stands still), so that the retry time passes while the page is
    // open.
    made.deps.clock.now = () => new Date()
    // A refused search whose retry time is 6 s away as the page opens.
    const now = Date.now()
    await made.deps.repos.platformHealth.recordFailure(
      'hackernews',
      new Date(now).toISOString(),
      'hackernews is rate limited (429); retry after 6 s',
      new Date(now + 6_000).toISOString(),
    )
    const asked: number[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/console/api/sources')) asked.push(Date.now())
    })
    await navigateTo(page, 'Sources')
    const row = page
      .getByRole('table', { name: 'Sources in use' })
      .locator('tr', { has: page.locator('td[data-label="Platform"]', { hasText: /^Hacker News$/ }) })
    const retry = row.locator('td[data-label="Next retry"]')
    await retry.locator('time').waitFor()
    expect(await retry.textContent()).toBe('in under a minute')
    // Counted from the page's first answer on (Signals, where sign-in lands, reads the sources for Getting started).
    asked.length = 0
    await page.waitForFunction((cell) => cell?.textContent === '—', await retry.elementHandle(), { timeout: 15_000 })
    await page.waitForTimeout(2_000)
    expect(asked.length).toBe(1)
    expect(asked[0] - now).toBeGreaterThanOrEqual(6_000)
  })
})
