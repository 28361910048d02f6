// A new team whose only source stopped answering (docs/console.md#sources-not-answering), in Chromium at a phone's
// and a laptop's width. Its Signals page showed Getting started, whose first step said Hacker News failed, and above
// it the warning said the same again: two messages for one fact, on the first page a new user reads. Getting started
// now says it, with since when, and the warning stays for the People page. The fake answers Hacker News' search as
// Algolia's HN Search does, and 503 ("service unavailable") while it fails (it has no SLA,
// docs/platforms.md#hackernews). Its first step then named Hacker News twice, in a list of those configured and again
// under "Stopped answering": it now says one sentence per platform.
import { describe, expect, test } from 'bun:test'
import { fitsWidth, navigateTo, openPage, screenshot, signIn } from '../support/browser'
import { OWNER_PASSWORD, SIZES } from '../support/one-team-console'
import { polledConsole } from '../support/polled-console'

const { world, made, passAt } = polledConsole(['hackernews'], 0)
const NOW = Date.now()
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000)

describe('a new team whose source never answered in two hours of passes', () => {
  for (const [size, viewport] of SIZES)
    test(`Signals says it once, in Getting started, with since when; People warns (${size})`, async () => {
      world.fail('hackernews', () => new Response('upstream unavailable', { status: 503 }))
      for (const h of [2.5, 0.25]) await passAt(hoursAgo(h))
      made.clock.set(new Date(NOW))
      const view = await openPage(made.browser, made.app.origin, { viewport })
      try {
        await signIn(view, made.owner, OWNER_PASSWORD)
        await view.page.getByRole('heading', { name: 'No signals yet' }).waitFor()
        const first = view.page.locator('.checklist li', { hasText: 'A source to search' })
        const text = (await first.textContent()) ?? ''
        expect(text).toContain(
          'None of the sources set up here answered its last try. Hacker News: last try 15 min ago, ',
        )
        expect(text).toContain('; failing since 2 h ago and never answered.')
        // One sentence for the platform, its name once: a list and then "Stopped answering" named it twice.
        expect(text.split('Hacker News').length - 1).toBe(1)
        expect(text).not.toContain('Stopped answering')
        expect(await view.page.locator('.next').textContent()).toContain('Check that this server can reach')
        expect(await view.page.getByRole('note', { name: 'Sources not answering' }).count()).toBe(0)
        expect(await fitsWidth(view.page)).toBe(true)
        await screenshot(view.page, `getting-started-source-down-${size}`)
        // No Getting started there: the warning is the one message.
        await navigateTo(view.page, 'People')
        const note = view.page.getByRole('note', { name: 'Sources not answering' })
        await note.waitFor()
        expect(await note.textContent()).toContain('Hacker News has failed since 2 h ago and has never answered')
      } finally {
        await view.close()
      }
    })
})
