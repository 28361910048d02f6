// The Sources page (docs/console.md#sources) places each source by what the server says of it (usable, ready,
// searched: src/domain/sources/team-sources.ts), never by a rule of its own. The page had its own "in use" rule
// (configured, or read as a stream), a copy of part of the server's: a server whose rule changed would have had its
// sources listed by the old one, a source the server calls unusable under "Not searched for you" with a wrong reason.
import { describe, expect } from 'bun:test'
import type { Page } from 'playwright-core'
import { platformName } from '../../src/console/signal-facts'
import type { TeamSources } from '../../src/wire/platforms'
import { fitsWidth, navigateTo } from '../support/browser'
import { atBothSizes, narrowPlan, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({
  team: 'rule',
  owner: 'ru@rule.test',
  keywords: ['crm'],
  plan: 'narrow',
  config: narrowPlan(['hackernews', 'github', 'youtube']),
})

/** The names the page lists in each part, once it has drawn the sources. */
async function parts(page: Page) {
  await navigateTo(page, 'Sources')
  await page.getByRole('list', { name: 'Sources not set up' }).waitFor()
  const names = (label: string, cells: string) =>
    page
      .getByRole(label === 'Sources in use' ? 'table' : 'list', { name: label })
      .locator(cells)
      .allTextContents()
  return {
    inUse: await names('Sources in use', 'td[data-label="Platform"]'),
    notSearched: await names('Sources not searched for you', 'li strong'),
    notSetUp: await names('Sources not set up', 'li strong'),
  }
}

const namesOf = (answer: TeamSources, keep: (s: TeamSources['platforms'][number]) => boolean) =>
  answer.platforms
    .filter(keep)
    .map((s) => platformName(s.platform))
    .sort()

describe('Sources placed by the server’s answer', () => {
  atBothSizes(made, 'each source is in the part its usable, ready and searched fields name', async (page) => {
    const answered = page.waitForResponse((r) => r.url().endsWith('/console/api/sources'))
    const shown = await parts(page)
    const answer = (await (await answered).json()) as TeamSources
    expect(shown.inUse.sort()).toEqual(namesOf(answer, (s) => s.searched))
    expect(shown.notSearched.sort()).toEqual(namesOf(answer, (s) => s.usable && !s.searched))
    expect(shown.notSetUp.sort()).toEqual(namesOf(answer, (s) => !s.usable))
    // Not a vacuous match: each part holds something here.
    expect(shown.inUse).toContain('GitHub')
    expect(shown.notSearched).toContain('Medium')
    expect(shown.notSetUp).toContain('YouTube')
    expect(await fitsWidth(page)).toBe(true)
  })

  atBothSizes(made, 'a source the server calls unusable is not set up, configured or not', async (page) => {
    // The server's rule as another version might have it: GitHub configured, yet not usable here. The page must
    // follow the answer, not decide again from `configured`.
    await page.route(/\/console\/api\/sources$/, async (route) => {
      const answer = (await (await route.fetch()).json()) as TeamSources
      for (const s of answer.platforms)
        if (s.platform === 'github') Object.assign(s, { usable: false, ready: false, searched: false, keywords: 0 })
      await route.fulfill({ json: answer })
    })
    const shown = await parts(page)
    expect(shown.notSetUp).toContain('GitHub')
    expect(shown.inUse).not.toContain('GitHub')
    expect(shown.notSearched).not.toContain('GitHub')
    expect(shown.inUse).toContain('Hacker News')
  })
})
