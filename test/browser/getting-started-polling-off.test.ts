// Getting started (docs/console.md#getting-started) on a server whose serve does not poll (polling.enabled = false,
// docs/operations.md#schedule): passes run only when the operator runs `lead-signals poll --once`. The command belongs
// to the step a new team reaches after its keywords and its ICP profile, as on a server that polls; the page's top
// line gave it (without the team) to a team with neither, and the first-pass step then said to wait for a pass that
// never comes.
import { beforeAll, describe, expect } from 'bun:test'
import type { Page } from 'playwright-core'
import { addIcp } from '../../src/domain/icps/icps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { fitsWidth, screenshot } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({ team: 'quiet', owner: 'qi@quiet.test', config: { polling: { enabled: false } } })

const emptyPage = async (page: Page) => {
  await page.getByRole('heading', { name: 'No signals yet' }).waitFor()
  return (await page.locator('.getting-started').textContent()) ?? ''
}

describe('a new team on a server that does not poll', () => {
  atBothSizes(made, 'is told polling is off, and first to add its keywords, not to run a pass yet', async (page) => {
    const said = await emptyPage(page)
    expect(said).toContain('Polling is off on this server (polling.enabled = false)')
    expect(said).not.toContain('poll --once')
    expect(await page.locator('.next').textContent()).toContain('Add the words your buyers use')
  })
})

describe('with its keywords and its ICP profile', () => {
  beforeAll(async () => {
    await addKeywords(made.deps, { teamId: made.teamId, keywords: ['crm'] })
    await addIcp(made.deps, {
      teamId: made.teamId,
      name: 'Ops',
      description: 'Operations leads at logistics firms',
      competitors: [],
    })
  })

  atBothSizes(made, 'the first-pass step gives the command that runs one, not a wait', async (page, size) => {
    await emptyPage(page)
    const next = page.locator('.next')
    expect(await next.textContent()).not.toContain('Wait for the next pass')
    expect(await next.locator('code').textContent()).toBe('lead-signals poll --once --team quiet')
    expect(await fitsWidth(page)).toBe(true)
    await screenshot(page, `getting-started-polling-off-${size}`)
  })
})
