// A team's name may be 64 characters (src/domain/teams/teams.ts). Shown whole beside who is signed in, at 1280 px it
// took the bar's room from the pages' links, which wrapped onto two lines (three for a name without spaces). The
// bar now keeps the links on one line and cuts the name with an ellipsis, the whole of it in the title; on a phone
// the open menu gives it lines of its own. Checked at 1280, 390 and 320 px.
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { fitsWidth, openPage, screenshot, signIn } from '../support/browser'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'

// 64 characters each: words, and one with no space to break at.
const WORDS = 'International Logistics Holdings Procurement and Supply Chain Op'
const ONE_WORD = `Internationallogisticsholdings${'x'.repeat(34)}`
const made = oneTeamConsole({ team: WORDS, owner: 'ann@acme.test' })
const other = oneTeamConsole({ team: ONE_WORD, owner: 'bob@acme.test' })

/** Each page link's top, and the box of who is signed in: its text, title, lines drawn, and right edge. */
const bar = (page: Page) =>
  page.evaluate(`(() => {
    const who = document.querySelector('.who > span')
    const text = document.createRange()
    text.selectNodeContents(who)
    return {
      linkTops: [...new Set([...document.querySelectorAll('nav a')].map((a) => Math.round(a.getBoundingClientRect().top)))],
      text: who.textContent,
      title: who.getAttribute('title'),
      cut: who.scrollWidth > who.clientWidth,
      top: Math.round(who.getBoundingClientRect().top),
      lines: new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size,
      right: Math.round(document.querySelector('.who > button').getBoundingClientRect().right),
    }
  })()`) as Promise<{
    linkTops: number[]
    text: string
    title: string | null
    cut: boolean
    top: number
    lines: number
    right: number
  }>

describe('a 64-character team name in the bar', () => {
  for (const [team, name, who] of [
    [made, WORDS, 'words'],
    [other, ONE_WORD, 'one-word'],
  ] as const) {
    test(`at 1280 px the links stay on one line and the name is cut, whole in its title (${who})`, async () => {
      const view = await openPage(team.browser, team.app.origin)
      try {
        await signIn(view, team.owner, OWNER_PASSWORD)
        await view.page.locator('.who > span').waitFor()
        const seen = await bar(view.page)
        expect(seen.linkTops).toHaveLength(1)
        // Beside the links, on their line, cut: the bar is as tall as with a short name.
        expect(seen.lines).toBe(1)
        expect(seen.cut).toBe(true)
        expect(seen.top).toBeLessThan(40)
        expect(seen.text).toBe(`${team.owner} · ${name}`)
        expect(seen.title).toBe(`${team.owner} · ${name}`)
        expect(seen.right).toBeLessThanOrEqual(1280)
        expect(await fitsWidth(view.page)).toBe(true)
        await screenshot(view.page, `long-team-name-1280-${who}`)
      } finally {
        await view.close()
      }
    })
    for (const width of [390, 320])
      test(`at ${width} px the open menu shows the whole name and Sign out on screen (${who})`, async () => {
        const view = await openPage(team.browser, team.app.origin, { viewport: { width, height: 800 } })
        try {
          await signIn(view, team.owner, OWNER_PASSWORD)
          await view.page.getByRole('button', { name: 'Menu' }).click()
          const seen = await bar(view.page)
          expect(seen.text).toBe(`${team.owner} · ${name}`)
          expect(seen.right).toBeLessThanOrEqual(width)
          expect(await fitsWidth(view.page)).toBe(true)
          // Not cut: what the span holds is all drawn.
          expect(await view.page.locator('.who > span').evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true)
          await screenshot(view.page, `long-team-name-${width}-${who}`)
        } finally {
          await view.close()
        }
      })
  }
})
