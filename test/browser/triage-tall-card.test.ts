// Keyboard triage (docs/console.md#triage) onto a card taller than the window (a long post): the card's top, with
// its score, intent and author, is what shows, going down with j as coming back with k.
import { describe, expect, test } from 'bun:test'
import { openPage, signIn } from '../support/browser'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'
import { signalRow } from '../support/webhooks'

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString()
const LONG_POST = 'We compare CRMs for our sales team and want to hear what worked for you. '.repeat(80)
const con = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  seed(deps, teamId) {
    const post = (author: string, score: number, preview: string) =>
      signalRow(teamId, { author, score, preview, contentFull: preview, publishedAt: minutesAgo(10 - score) })
    return deps.repos.signals.insertMany(teamId, [
      post('first', 9, 'A short post.'),
      post('long_poster', 8, LONG_POST),
      post('third', 7, 'Another short post.'),
    ])
  },
})

describe('j and k onto a card taller than the window', () => {
  test("the card's top shows, going down and coming back", async () => {
    const view = await openPage(con.browser, con.app.origin, { viewport: { width: 1280, height: 800 } })
    const { page } = view
    // Where the selected card is in the window (a box's y is from the window's top).
    const selected = async () => {
      const card = page.locator('.signal.selected')
      const box = await card.boundingBox()
      return {
        author: (await card.textContent())?.includes('long_poster'),
        top: box?.y ?? -1,
        taller: (box?.height ?? 0) > (page.viewportSize()?.height ?? 0),
      }
    }
    try {
      await signIn(view, 'ann@acme.test', OWNER_PASSWORD)
      await page.locator('.signal').nth(2).waitFor()
      await page.keyboard.press('j')
      expect(await selected()).toEqual({ author: true, top: expect.any(Number), taller: true })
      expect((await selected()).top).toBeGreaterThanOrEqual(0)
      await page.keyboard.press('j')
      await page.keyboard.press('k')
      expect((await selected()).author).toBe(true)
      expect((await selected()).top).toBeGreaterThanOrEqual(0)
    } finally {
      await view.close()
    }
  })
})
