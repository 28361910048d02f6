// A team whose only source stopped answering (docs/console.md#sources-not-answering), in Chromium at a laptop's and
// a phone's width. Hacker News answered two days ago, then each polling pass got 503 from it (Algolia's HN Search has
// no SLA, docs/platforms.md#hackernews; 503 is HTTP's "service unavailable"): the Signals page said nothing, its list
// just stopped growing, and the team read a quiet week into it.
import { describe, expect, test } from 'bun:test'
import { fitsWidth, navigateTo, openPage, screenshot, signIn } from '../support/browser'
import { OWNER_PASSWORD, SIZES } from '../support/one-team-console'
import { polledConsole } from '../support/polled-console'
import { countReadings, readingsDone } from '../support/readings'

const { world, made, passAt } = polledConsole(['hackernews'])
const NOW = Date.now()
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000)

const warning = (page: import('playwright-core').Page) => page.getByRole('note', { name: 'Sources not answering' })

/** The Signals page, its list drawn and the sources read, with no warning above it. */
async function expectNoWarning() {
  const view = await openPage(made.browser, made.app.origin, { viewport: SIZES[0][1] })
  try {
    await countReadings(view.page)
    await signIn(view, made.owner, OWNER_PASSWORD)
    await view.page.locator('ol.signals li').first().waitFor()
    // The sources are read beside the list: "no warning" said before they were read held whatever they said.
    await readingsDone(view.page)
    expect(await warning(view.page).count()).toBe(0)
  } finally {
    await view.close()
  }
}

describe('a source failing for two days', () => {
  test('one failed pass after an answer says nothing yet', async () => {
    await passAt(hoursAgo(48.5))
    world.fail('hackernews', () => new Response('upstream unavailable', { status: 503 }))
    await passAt(hoursAgo(48.25))
    made.clock.set(hoursAgo(48.2))
    await expectNoWarning()
  })

  for (const [size, viewport] of SIZES)
    test(`after two days of failed passes, Signals and People say so (${size})`, async () => {
      for (const h of [24, 0.5]) await passAt(hoursAgo(h))
      made.clock.set(new Date(NOW))
      const view = await openPage(made.browser, made.app.origin, { viewport })
      try {
        await signIn(view, made.owner, OWNER_PASSWORD)
        const note = warning(view.page)
        await note.waitFor()
        const text = (await note.textContent()) ?? ''
        // Since its first failed pass, the run's start (docs/api.md#source-health), not its last answer before it.
        expect(text).toContain('Hacker News has failed since 2 d ago; last tried 30 min ago')
        expect(await note.locator('time').first().getAttribute('datetime')).toBe(hoursAgo(48.25).toISOString())
        // The platform named once: the stored error begins with its id ("hackernews answered …").
        expect(text).toContain('; last tried 30 min ago: answered with status 503')
        expect(text.match(/Hacker News/g)?.length).toBe(1)
        expect(text).toContain('No source searches your keywords meanwhile')
        expect(await note.getByRole('link', { name: 'Sources' }).getAttribute('href')).toBe('#/sources')
        expect(await fitsWidth(view.page)).toBe(true)
        await screenshot(view.page, `sources-down-${size}`)
        await navigateTo(view.page, 'People')
        await warning(view.page).waitFor()
        await navigateTo(view.page, 'Sources')
        await view.page.getByRole('table', { name: 'Sources in use' }).waitFor()
        expect(await warning(view.page).count()).toBe(0)
      } finally {
        await view.close()
      }
    })

  // The warning read the sources once per page visit: it stayed on a People page left open after the source answered
  // again. It now reads them again every 20 s, as Getting started does (the page's clock is run forward).
  test('gone once the source answers again, from a page left open too', async () => {
    const view = await openPage(made.browser, made.app.origin, { viewport: SIZES[0][1] })
    try {
      await view.page.clock.install()
      await signIn(view, made.owner, OWNER_PASSWORD)
      await navigateTo(view.page, 'People')
      await warning(view.page).waitFor()
      world.fail('hackernews')
      await passAt(new Date(NOW + 60_000))
      await view.page.clock.runFor(20_000)
      await warning(view.page).waitFor({ state: 'detached', timeout: 5000 })
    } finally {
      await view.close()
    }
    await expectNoWarning()
  })
})
