// Getting started (docs/console.md#getting-started) while a polling pass runs: the polling lease
// (docs/operations.md#one-pass-at-a-time) is held, and a schedule time that comes before the pass ends is skipped
// (croner's protect in this process, the lease in another), as is a `poll --once` run meanwhile. The page named that
// time as when the next pass starts, and offered the command a held lease turns into a skipped pass.
import { afterAll, beforeAll, describe, expect } from 'bun:test'
import type { Page } from 'playwright-core'
import { addIcp } from '../../src/domain/icps/icps'
import { POLL_LEASE } from '../../src/domain/leases/polling-pass'
import { LEASE_HOST } from '../../src/domain/leases/holder'
import { fitsWidth, screenshot } from '../support/browser'
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

/** The polling lease held by `holder`, `ttlMs` more by the database's clock, for the tests of one describe. */
const leaseHeld = (holder: string, ttlMs: number) => {
  beforeAll(() => made.deps.repos.jobLeases.acquire(POLL_LEASE, holder, ttlMs))
  afterAll(() => made.deps.repos.jobLeases.release(POLL_LEASE, holder))
}

/** What the page says of a pass that stopped, and what to do next; checked to fit, and shot as `name`. */
async function stoppedPage(page: Page, name: string) {
  const said = await emptyPage(page)
  expect(said).toContain('A polling pass stopped before it ended')
  expect(said).not.toContain('is running now')
  expect(await fitsWidth(page)).toBe(true)
  await screenshot(page, name)
  return { said, next: (await page.locator('.next').textContent()) ?? '' }
}

// A pass whose process no longer renews the lease (docs/operations.md#one-pass-at-a-time) runs no more: the page said
// "A polling pass is running now" of it until the lease ran out, polling.lease_seconds later.
describe('getting started after a polling pass stopped', () => {
  // Named with a 10 min lease (renewed every 200 s), 6 min since its last renewal: missed; 4 min still to run.
  leaseHeld('elsewhere:1:pass:600000', 240_000)
  atBothSizes(made, 'on another machine: says it stopped and when its lease lets the next in', async (page, size) => {
    const { said, next } = await stoppedPage(page, `getting-started-pass-stopped-${size}`)
    expect(said).toContain('keeps other passes out until')
    expect(next).toContain("when the stopped pass's lease ends, run one on the server: lead-signals poll --once")
  })
})

describe('getting started after the process of a polling pass is gone from this machine', () => {
  leaseHeld(`${LEASE_HOST}:${Bun.spawnSync(['true']).pid}:def:60000`, 60_000)
  atBothSizes(made, 'says it stopped, and the next pass or poll --once takes over at once', async (page, size) => {
    const { said, next } = await stoppedPage(page, `getting-started-pass-gone-${size}`)
    expect(said).toContain('and is gone. The next polling pass starts')
    expect(next).toContain('or run one now on the server: lead-signals poll --once')
  })
})
