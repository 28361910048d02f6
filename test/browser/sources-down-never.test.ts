// A source that never answered (docs/console.md#sources-not-answering), in Chromium at a phone's and a laptop's width.
// Reddit answers the team's keyword; Hacker News was never reached from this server: each pass got 503 from it
// (Algolia's HN Search has no SLA, docs/platforms.md#hackernews). With no last success the warning had nothing to
// count from and said nothing, however long it failed: the team read Hacker News' silence as no mentions.
import { describe, expect, test } from 'bun:test'
import { fitsWidth, openPage, type SignedIn, screenshot, signedInState } from '../support/browser'
import { OWNER_PASSWORD, SIZES } from '../support/one-team-console'
import { polledConsole } from '../support/polled-console'
import { countReadings, readingsDone } from '../support/readings'

const { world, made, passAt } = polledConsole(['hackernews', 'reddit'])
const NOW = Date.now()
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000)

/** The owner signed in once, for every page of the file: each sign-in is a password hash to check. */
let signedIn: Promise<SignedIn> | undefined

/**
 * The Signals page's warning at `viewport`, its text and the run's start it names; '' when there is none. Read once
 * the page has read the sources: the list of signals comes first, and on a busy machine the warning had not come yet.
 */
async function warningAt(viewport: { width: number; height: number }, shot?: string) {
  signedIn ??= signedInState(made.browser, made.app.origin, made.owner, OWNER_PASSWORD)
  const view = await openPage(made.browser, made.app.origin, { viewport, signedIn: await signedIn })
  try {
    await countReadings(view.page)
    await view.goto('/')
    await view.page.locator('ol.signals li').first().waitFor()
    await readingsDone(view.page)
    const note = view.page.getByRole('note', { name: 'Sources not answering' })
    if ((await note.count()) === 0) return { text: '', since: null }
    expect(await fitsWidth(view.page)).toBe(true)
    if (shot) await screenshot(view.page, shot)
    return {
      text: (await note.textContent()) ?? '',
      since: await note.locator('time').first().getAttribute('datetime'),
    }
  } finally {
    await view.close()
  }
}

describe('a source that never answered', () => {
  test('under two hours of failed passes: no warning yet', async () => {
    world.fail('hackernews', () => new Response('upstream unavailable', { status: 503 }))
    await passAt(hoursAgo(2.5))
    await passAt(hoursAgo(1))
    made.clock.set(hoursAgo(0.9))
    expect((await warningAt(SIZES[0][1])).text).toBe('')
  })

  for (const [size, viewport] of SIZES)
    test(`failing for two hours and more: said, since its first failure (${size})`, async () => {
      await passAt(hoursAgo(0.25))
      made.clock.set(new Date(NOW))
      const { text, since } = await warningAt(viewport, `sources-down-never-${size}`)
      expect(text).toContain('Hacker News has failed since 2 h ago and has never answered; last tried 15 min ago')
      expect(text).toContain('last tried 15 min ago: answered with status 503')
      expect(since).toBe(hoursAgo(2.5).toISOString())
      expect(text).not.toContain('Reddit')
      expect(text).toContain('Your keywords are searched on the others meanwhile.')
    })
})
