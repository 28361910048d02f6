// A digest e-mail as Chromium renders it (docs/destinations.md#bodies), at a desktop and a phone width: readable,
// its platform text (markup, a script, a 300-character name) shown as text and inside the screen.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { emailMessage } from '../../src/domain/webhooks/email-message'
import { type Lead, shownToPeople } from '../../src/domain/webhooks/links'
import { closeBrowser, launchBrowser, openPage, screenshot } from '../support/browser'
import { signalRow } from '../support/webhooks'

let browser: Browser
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]
// The message is set as the page's content: no service is asked, and any request it makes elsewhere is refused.
const NO_SERVICE = 'http://127.0.0.1:9'

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  if (browser) await closeBrowser(browser)
})

describe('a digest e-mail in Chromium', () => {
  test('an e-mail as Chromium renders it: readable, platform text shown as text', async () => {
    const leads = [
      signalRow('t', {
        score: 9,
        intent: 'ACTIVE',
        author: 'dana_ops',
        platform: 'reddit',
        preview:
          'We need a CRM that our 8 sales reps will actually use. Budget approved for Q1, looking at HubSpot vs Pipedrive.',
      }),
      signalRow('t', {
        score: 7,
        intent: 'COMPETITOR',
        author: '<b>mallory</b>',
        preview: 'Leaving Salesforce <script>alert(1)</script>: too expensive for a team of five.',
      }),
      signalRow('t', {
        score: 6,
        intent: 'PAIN',
        platform: 'twitter',
        preview: 'Spent two hours cleaning duplicate contacts again.',
      }),
      // A name with no place to break it: it wraps inside the message rather than widen it past the screen.
      signalRow('t', {
        score: 5,
        intent: 'QUESTION',
        author: 'x'.repeat(300),
        preview: 'Any CRM with a Gmail add-on?',
      }),
    ]
    // As deliveries make it (payload.ts): names cut and on one line, platforms by their names.
    const m = emailMessage(
      leads.map((s) => shownToPeople(s as Lead)),
      4,
      {
        console: 'https://leads.example.com/#/signals',
        unsubscribe: 'https://leads.example.com/unsubscribe?token=x',
      },
      { team: 'acme', heading: 'daily digest, 2026-11-15 08:00 to 2026-11-16 08:00 UTC' },
    )
    for (const size of SIZES) {
      const view = await openPage(browser, NO_SERVICE, { viewport: size.viewport })
      try {
        await view.page.setContent(m.html)
        await view.page.getByText('<b>mallory</b>', { exact: false }).first().waitFor()
        expect(await view.page.getByText('on Hacker News').count()).toBeGreaterThan(0)
        expect(await view.page.locator('script').count()).toBe(0)
        expect(await view.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
          size.viewport.width,
        )
        await screenshot(view.page, `destinations-email-${size.name}`)
      } finally {
        await view.close()
      }
    }
  })
})
