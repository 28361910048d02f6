import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { emailMessage } from '../../src/domain/webhooks/email-message'
import { type Lead, shownToPeople } from '../../src/domain/webhooks/links'
import { closeBrowser, launchBrowser } from '../support/browser'
import { signalRow } from '../support/webhooks'

// docs/destinations.md#bodies: a long word wraps inside an e-mail rather than widen it. A team's name may be one word
// of 64 letters and underscores (docs/operations.md), and the e-mail's title names the team: on a phone the title ran
// off the message's card and the whole e-mail scrolled sideways, 742 px wide at 390.
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  if (browser) await closeBrowser(browser)
})

const TEAM = 'Acme_Corporation_International_Sales_Department_EMEA_West_Region'
const links = { console: 'https://leads.example.com/#/signals', unsubscribe: 'https://leads.example.com/u?t=x' }

test("an e-mail whose team's name is one long word stays as wide as a phone, its title on the card", async () => {
  const lead = shownToPeople(signalRow('t') as Lead)
  const messages = [
    emailMessage([lead, lead], 2, links, {
      team: TEAM,
      heading: 'daily digest, 2026-11-15 09:00 to 2026-11-16 09:00 UTC',
    }),
    emailMessage([], 0, links, { team: TEAM, title: 'lead-signals: test message', note: 'A test.' }),
  ]
  for (const m of messages) {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } })
    try {
      await page.setContent(m.html)
      // The title's text within its own box (what overflows it is drawn past the card), and the page no wider.
      expect({
        pageWidth: await page.evaluate('document.documentElement.scrollWidth'),
        titleFits: await page.getByRole('heading').evaluate((h) => h.scrollWidth <= h.clientWidth),
      }).toEqual({ pageWidth: 390, titleFits: true })
    } finally {
      await page.close()
    }
  }
})
