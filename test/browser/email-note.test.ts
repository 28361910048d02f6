import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { emailMessage } from '../../src/domain/webhooks/email-message'
import { closeBrowser, launchBrowser } from '../support/browser'

// docs/destinations.md#testing: a test e-mail's sentence (what will come and when) is a paragraph of its own, above
// the console's and the unsubscribe links; it ran on into "Open the console" on the same line.
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  if (browser) await closeBrowser(browser)
})

test("a test e-mail's sentence ends before the links start, on a phone and a desktop", async () => {
  const note = 'New leads will come to this address as a daily digest at 09:00 Europe/Berlin, when there are any.'
  const links = { console: 'https://leads.example.com/#/signals', unsubscribe: 'https://leads.example.com/u?t=x' }
  const m = emailMessage([], 0, links, { team: 'acme', title: 'lead-signals: test message', note })
  for (const width of [390, 600]) {
    const page = await browser.newPage({ viewport: { width, height: 800 } })
    try {
      await page.setContent(m.html)
      const sentence = await page.getByText(note, { exact: true }).boundingBox({ timeout: 2000 })
      const link = await page.getByRole('link', { name: 'Open the console' }).boundingBox()
      expect({ width, below: (link?.y ?? 0) >= (sentence?.y ?? 0) + (sentence?.height ?? 0) }).toEqual({
        width,
        below: true,
      })
    } finally {
      await page.close()
    }
  }
})
