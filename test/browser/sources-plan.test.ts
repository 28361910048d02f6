// The Sources page's "In use" (docs/console.md#sources) is what this team's polling searches or streams: a platform the
// server could search but the team's plan leaves out (Medium, Substack here: they need no key, so every server can)
// was listed there with "On the plan: no", as if the team's keywords were searched on it.
import { describe, expect } from 'bun:test'
import { fitsWidth, navigateTo } from '../support/browser'
import { atBothSizes, narrowPlan, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  keywords: ['crm'],
  plan: 'narrow',
  config: narrowPlan(['hackernews', 'github']),
})

describe('Sources by what the plan searches', () => {
  atBothSizes(
    made,
    'In use holds the plan’s platforms; the others this server can use say they are off the plan',
    async (page) => {
      await navigateTo(page, 'Sources')
      const inUse = page.getByRole('table', { name: 'Sources in use' })
      await inUse.locator('td[data-label="Platform"]', { hasText: 'Hacker News' }).waitFor()
      const names = await inUse.locator('td[data-label="Platform"]').allTextContents()
      expect(names).toContain('GitHub')
      expect(names).not.toContain('Medium')
      expect(names).not.toContain('Substack')
      expect(await inUse.locator('td[data-label="On the plan"]').count()).toBe(0)
      const offPlan = page.getByRole('list', { name: 'Sources not searched for you' })
      for (const name of ['Medium', 'Substack'])
        expect(await offPlan.locator('li', { hasText: name }).textContent()).toBe(`${name} not on your plan`)
      expect(await fitsWidth(page)).toBe(true)
    },
  )
})
