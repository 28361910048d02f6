// The Sources page's "In use" (docs/console.md#sources) is what is searched for this team: the platforms that its plan
// includes, this server can use and at least one of its keywords may be searched on, as a polling pass chooses them
// (a query limited by `platform:` is searched nowhere else, docs/queries.md#filters). It listed every platform of the
// plan, for a team with no keyword too, as though something were searched for it.
import { beforeAll, describe, expect } from 'bun:test'
import { addKeywords, removeKeywords } from '../../src/domain/keywords/keywords'
import { fitsWidth, navigateTo } from '../support/browser'
import { atBothSizes, narrowPlan, oneTeamConsole } from '../support/one-team-console'

const KEYWORDS = ['crm platform:hackernews', '(erp OR wms) platform:hackernews']
const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  plan: 'narrow',
  config: narrowPlan(['hackernews', 'github', 'devto']),
  seed: (deps, teamId) => addKeywords(deps, { teamId, keywords: KEYWORDS }),
})

describe('Sources by what the team’s keywords search', () => {
  atBothSizes(made, 'In use holds only the platforms a keyword goes to, with how many', async (page) => {
    await navigateTo(page, 'Sources')
    const inUse = page.getByRole('table', { name: 'Sources in use' })
    await inUse.locator('td[data-label="Platform"]', { hasText: 'Hacker News' }).waitFor()
    expect(await inUse.locator('td[data-label="Platform"]').allTextContents()).toEqual(['Hacker News'])
    expect(await inUse.locator('td[data-label="Your keywords"]').textContent()).toBe('2 of 2')
    const aside = page.getByRole('list', { name: 'Sources not searched for you' })
    for (const name of ['GitHub', 'dev.to'])
      expect(await aside.locator('li', { hasText: name }).textContent()).toContain(
        'none of your keywords: each is limited to other platforms',
      )
    expect(await aside.locator('li', { hasText: 'Medium' }).textContent()).toContain('not on your plan')
    expect(await fitsWidth(page)).toBe(true)
  })
})

describe('Sources of a team with no keyword', () => {
  beforeAll(() => removeKeywords(made.deps, { teamId: made.teamId, keywords: KEYWORDS }))
  atBothSizes(made, 'says nothing is searched yet and where to add a keyword', async (page) => {
    await navigateTo(page, 'Sources')
    const note = page.getByRole('note', { name: 'No keyword yet' })
    await note.waitFor()
    expect(await note.textContent()).toContain('Nothing is searched for your team: it tracks no keyword.')
    expect(await note.getByRole('link', { name: 'Keywords' }).getAttribute('href')).toBe('#/keywords')
    expect(await page.getByRole('table', { name: 'Sources in use' }).count()).toBe(0)
    const ready = page.getByRole('table', { name: 'Sources ready for a keyword' })
    expect(await ready.locator('td[data-label="Platform"]').allTextContents()).toEqual([
      'Hacker News',
      'GitHub',
      'dev.to',
    ])
    expect(await fitsWidth(page)).toBe(true)
  })
})
