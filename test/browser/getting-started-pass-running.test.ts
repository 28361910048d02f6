// Getting started (docs/console.md#getting-started) while a polling pass runs: the polling lease
// (docs/operations.md#one-pass-at-a-time) is held, and a schedule time that comes before the pass ends is skipped
// (croner's protect in this process, the lease in another), as is a `poll --once` run meanwhile. The page named that
// time as when the next pass starts, and offered the command a held lease turns into a skipped pass.
import { afterAll, beforeAll, describe, expect } from 'bun:test'
import type { Page } from 'playwright-core'
import { addIcp } from '../../src/domain/icps/icps'
import { POLL_LEASE } from '../../src/domain/polling/team-progress'
import { fitsWidth } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

const RUNNER = 'elsewhere:1:pass'
const made = oneTeamConsole({
  team: 'busy',
  owner: 'bu@busy.test',
  keywords: ['crm'],
  seed: (deps, teamId) => addIcp(deps, { teamId, name: 'Ops', description: 'Operations leads', competitors: [] }),
})

const emptyPage = async (page: Page) => {
  await page.getByRole('heading', { name: 'No signals yet' }).waitFor()
  return (await page.locator('.getting-started').textContent()) ?? ''
}

describe('getting started while a polling pass runs', () => {
  beforeAll(() => made.deps.repos.jobLeases.acquire(POLL_LEASE, RUNNER, 600_000))
  afterAll(() => made.deps.repos.jobLeases.release(POLL_LEASE, RUNNER))
  atBothSizes(made, 'says a pass is running and the next comes after it, with no command to run one', async (page) => {
    const said = await emptyPage(page)
    expect(said).toContain('A polling pass is running now')
    expect(said).not.toContain('The next polling pass starts')
    const next = (await page.locator('.next').textContent()) ?? ''
    expect(next).toContain('Wait for the pass running now')
    expect(next).not.toContain('poll --once')
    expect(await fitsWidth(page)).toBe(true)
  })
})

describe('getting started once no pass runs', () => {
  atBothSizes(made, 'names when the next pass starts and how to run one now', async (page) => {
    const said = await emptyPage(page)
    expect(said).toContain('The next polling pass starts')
    expect(await page.locator('.next').textContent()).toContain('poll --once')
  })
})
