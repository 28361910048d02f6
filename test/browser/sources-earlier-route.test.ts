// The Sources page's platforms that only the earlier search route reads (News, Indie Hackers, web search;
// docs/api.md#earlier-search), in Chromium at a laptop's and a phone's width: a new team read "News (earlier route
// only)" with "search" as its reading, under "Searched on each polling pass", and took News for polled.
import { describe, expect } from 'bun:test'
import { fitsWidth, navigateTo, screenshot } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test', keywords: ['crm'] })

describe('platforms of the earlier search route on the Sources page', () => {
  atBothSizes(made, 'say they are never polled and link to what the earlier search route is', async (page, size) => {
    await navigateTo(page, 'Sources')
    const aside = page.getByRole('list', { name: 'Sources not searched for you' })
    const news = aside.locator('li', { has: page.locator('strong', { hasText: /^News$/ }) })
    await news.waitFor()
    const reading = news.locator('span')
    expect(await reading.textContent()).toBe('never polled: only the earlier search route searches it')
    // On a phone the name stays whole beside its long reason: it was squeezed to "Ne" over "ws".
    const nameLines = await news.locator('strong').evaluate((e) => {
      const range = e.ownerDocument.createRange()
      range.selectNodeContents(e)
      return range.getClientRects().length
    })
    expect(nameLines).toBe(1)
    expect(await reading.getByRole('link').getAttribute('href')).toBe('/docs/api#earlier-search')
    const unset = page.getByRole('list', { name: 'Sources not set up' })
    const indie = unset.locator('li', { hasText: 'Indie Hackers' })
    const inUse = page.getByRole('table', { name: 'Sources in use' }).locator('td[data-label="Platform"]')
    expect(await inUse.allTextContents()).not.toContain('News')
    expect(await indie.textContent()).toContain('; never polled: only the earlier search route searches it')
    expect(await page.locator('main').textContent()).not.toContain('earlier route only')
    expect(await fitsWidth(page)).toBe(true)
    await screenshot(page, `sources-earlier-route-${size}`)
  })
})
