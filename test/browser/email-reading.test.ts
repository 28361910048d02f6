import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { emailMessage } from '../../src/domain/webhooks/email-message'
import { type Lead, shownToPeople } from '../../src/domain/webhooks/links'
import { closeBrowser, launchBrowser, screenshot } from '../support/browser'
import { signalRow } from '../support/webhooks'

// An e-mail digest as a reader sees it in Chromium (docs/destinations.md#bodies), with posts in right-to-left scripts.
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  if (browser) await closeBrowser(browser)
})

// "We are looking for a CRM system for a team of 5 people. Any recommendations?", and the same in Hebrew.
const ARABIC = 'نبحث عن نظام CRM لفريق من 5 أشخاص. هل من توصيات؟'
const HEBREW = 'אנחנו מחפשים CRM לצוות של 5 אנשים (budget approved) - יש המלצות?'

/** The left edge, in the page, of the first occurrence of `word` in a text node (run in the page, hence a string). */
const leftOf = (page: Page, word: string): Promise<number> =>
  page.evaluate(`(() => {
    const w = ${JSON.stringify(word)}
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = n.textContent.indexOf(w)
      if (at < 0) continue
      const range = document.createRange()
      range.setStart(n, at)
      range.setEnd(n, at + w.length)
      return range.getBoundingClientRect().left
    }
    throw new Error(w + ' is not on the page')
  })()`)

describe('an e-mail read in a right-to-left script', () => {
  test('a post in Arabic or Hebrew reads from the right, its sentence in order, not split around a Latin word', async () => {
    const leads = [
      signalRow('t', { score: 9, author: 'مدير المبيعات', preview: ARABIC }),
      signalRow('t', { score: 8, author: 'עברית', preview: HEBREW }),
      signalRow('t', { score: 7, author: 'ann', preview: 'We need a CRM for our 5-person team.' }),
    ].map((s) => shownToPeople(s as Lead))
    const m = emailMessage(
      leads,
      3,
      { console: 'https://leads.example.com/#/signals' },
      { team: 'acme', heading: 'daily digest' },
    )
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    try {
      await page.setContent(m.html)
      // The first words of each sentence stand to the right of its last words (one line at this width); laid out
      // left to right, the part after "CRM" came first for a reader going from the right.
      expect((await leftOf(page, 'نبحث')) > (await leftOf(page, 'توصيات'))).toBe(true)
      expect((await leftOf(page, 'אנחנו')) > (await leftOf(page, 'המלצות'))).toBe(true)
      // An English post stays left to right.
      expect((await leftOf(page, 'We need')) < (await leftOf(page, 'team.'))).toBe(true)
      await screenshot(page, 'email-right-to-left')
    } finally {
      await page.close()
    }
  })
})
