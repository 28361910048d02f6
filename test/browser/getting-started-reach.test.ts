// Getting started (docs/console.md#getting-started) counts a source to search as the Sources page's In use does
// (docs/console.md#sources): a platform of the plan this server can use that one of the team's keywords goes to. Its
// step counted the plan's usable platforms, so a team whose every keyword is limited (`platform:`,
// docs/queries.md#filters) to a platform off its plan read "Set up, not tried yet: Hacker News, GitHub." with the step
// ticked, while the Sources page said none of its keywords is searched.
import { describe, expect } from 'bun:test'
import type { Page } from 'playwright-core'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { fitsWidth, navigateTo } from '../support/browser'
import { atBothSizes, narrowPlan, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({
  team: 'far',
  owner: 'fa@far.test',
  plan: 'narrow',
  config: narrowPlan(['hackernews', 'github']),
  seed: (deps, teamId) => addKeywords(deps, { teamId, keywords: ['crm platform:medium'] }),
})

const step = (page: Page, title: string) => page.locator('.checklist li', { hasText: title })
const ticked = async (page: Page, title: string) =>
  (await step(page, title).getAttribute('class'))?.split(' ').includes('done') ?? false

describe('getting started when no keyword reaches a usable platform', () => {
  atBothSizes(
    made,
    'the source step is not done, as Sources has nothing in use, and says what to change',
    async (page) => {
      await page.getByRole('heading', { name: 'No signals yet' }).waitFor()
      expect(await ticked(page, 'A source to search')).toBe(false)
      const text = (await step(page, 'A source to search').textContent()) ?? ''
      expect(text).toContain('None of your keywords is searched here')
      expect(text).toMatch(/Hacker News, GitHub/)
      const next = page.locator('.next')
      expect(await next.textContent()).toContain('platform:')
      expect(await next.getByRole('link', { name: 'Keywords' }).getAttribute('href')).toBe('#/keywords')
      expect(await fitsWidth(page)).toBe(true)
      await navigateTo(page, 'Sources')
      await page.getByText('None of your keywords is searched here').waitFor()
      expect(await page.getByRole('table', { name: 'Sources in use' }).count()).toBe(0)
    },
  )
})
