// Every page at a small phone's 320 px, 390 px and 1280 px, for a team whose name is as long as a name may be: 64
// letters, digits, dots, dashes or underscores with no space to break it at (src/domain/teams/teams.ts). The console
// shows it in the bar beside who is signed in and in the commands of Getting started and of Settings' users. Each
// page fits the window's width, and no button, link or code runs past its right edge. At 320 px the Sources page
// did not: its hint's LEAD_SIGNALS_PLATFORMS_YOUTUBE_API_KEY, one word wider than the line, pushed it sideways.
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { fitsWidth, navigateTo, openPage, screenshot, signIn } from '../support/browser'
import { countReadings, readingsDone } from '../support/readings'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'

const TEAM = 'internationallogisticsholdings_procurement.emea-north_division_4'
const made = oneTeamConsole({ team: TEAM, owner: 'ann@acme.test', keywords: ['crm'] })
const SIZES = [
  ['320', { width: 320, height: 640 }],
  ['390', { width: 390, height: 844 }],
  ['1280', { width: 1280, height: 800 }],
] as const

/** The elements (by their text) whose right edge is past the window's. */
const offScreen = (page: Page): Promise<string[]> =>
  page.evaluate(`(() => [...document.querySelectorAll('button, a, code, .who span')]
    .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().right > window.innerWidth + 0.5)
    .map((e) => e.textContent.trim().slice(0, 40)))()`) as Promise<string[]>

describe('every page, for a team with a long name', () => {
  for (const [size, viewport] of SIZES)
    test(`keeps every page in the window's width, its buttons on screen (${size} px)`, async () => {
      expect(TEAM.length).toBe(64)
      const view = await openPage(made.browser, made.app.origin, { viewport })
      const { page } = view
      try {
        await countReadings(page)
        await signIn(view, made.owner, OWNER_PASSWORD)
        const wide: string[] = []
        for (const name of [
          'Signals',
          'People',
          'Keywords',
          'ICP profiles',
          'Usage',
          'Sources',
          'Destinations',
          'Settings',
        ]) {
          await navigateTo(page, name)
          await page.getByRole('heading', { level: 1, name }).waitFor()
          // The menu as a phone shows it, open, with who is signed in and Sign out.
          if (size !== '1280') await page.getByRole('button', { name: 'Menu' }).click()
          await page.getByRole('button', { name: 'Sign out' }).waitFor()
          // Measured once the page's readings are drawn: networkidle returned at once after a move within the document.
          await readingsDone(page)
          if (!(await fitsWidth(page))) wide.push(`${name}: wider than the window`)
          for (const e of await offScreen(page)) wide.push(`${name}: ${e}`)
          if (name === 'Settings' || name === 'Signals')
            await screenshot(page, `long-team-${name.toLowerCase()}-${size}`)
          if (size !== '1280') await page.keyboard.press('Escape')
        }
        expect(wide).toEqual([])
      } finally {
        await view.close()
      }
    })
})
