// Getting started (docs/console.md#getting-started) for a team whose plan's only platform is Bluesky, read as a
// stream (its default, docs/streams.md): the stream needs no account while Bluesky's search does, so the source is not
// "configured" for search. The Sources page listed it under In use, yet the checklist said "None is usable yet", sent
// the team to configure a source, and waited for a polling pass that never searches a streamed platform.
import { describe, expect } from 'bun:test'
import { addIcp } from '../../src/domain/icps/icps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { fitsWidth, screenshot } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({
  team: 'sky',
  owner: 'bo@sky.test',
  plan: 'social',
  config: {
    plans: {
      social: {
        api_access: true,
        monthly_requests: 100,
        monthly_credits: 0,
        any_keyword: false,
        platforms: ['bluesky'],
      },
    },
    platforms: { bluesky: { mode: 'stream' } },
  },
  seed: (deps, teamId) => addKeywords(deps, { teamId, keywords: ['crm'] }),
})

const step = (page: import('playwright-core').Page, title: string) => page.locator('.checklist li', { hasText: title })
const ticked = async (page: import('playwright-core').Page, title: string) =>
  (await step(page, title).getAttribute('class'))?.split(' ').includes('done') ?? false

describe('getting started with only a stream', () => {
  atBothSizes(
    made,
    'Bluesky read as a stream counts as a source, and its reading as the first search',
    async (page, size) => {
      await made.deps.repos.platformHealth.recordHeard('bluesky', new Date().toISOString())
      await page.getByRole('heading', { name: 'No signals yet' }).waitFor()
      expect(await ticked(page, 'A source to search')).toBe(true)
      expect(await step(page, 'A source to search').textContent()).toContain('Answering: Bluesky.')
      const next = (await page.locator('.next').textContent()) ?? ''
      expect(next).not.toContain('Configure a source')
      expect(next).not.toContain('Wait for the next pass')
      expect(await ticked(page, 'A first polling pass')).toBe(true)
      expect(await step(page, 'A first polling pass').textContent()).toContain('Bluesky is read as a stream')
      expect(await fitsWidth(page)).toBe(true)
      await screenshot(page, `getting-started-stream-${size}`)
    },
  )
})

// A plan with a platform that passes search (GitHub on growth) beside the streams: its first pass is still to come
// until one ran, whatever the streams read meanwhile.
const growth = oneTeamConsole({
  team: 'mixed',
  owner: 'mo@mixed.test',
  seed: async (deps, teamId) => {
    await addKeywords(deps, { teamId, keywords: ['erp'] })
    await addIcp(deps, { teamId, name: 'Ops', description: 'Operations leads at logistics firms', competitors: [] })
  },
})

describe('getting started with streams and searches', () => {
  atBothSizes(
    growth,
    'a stream answering does not stand for the first pass of the platforms a pass searches',
    async (page) => {
      await growth.deps.repos.platformHealth.recordHeard('hackernews', new Date().toISOString())
      await page.getByRole('heading', { name: 'No signals yet' }).waitFor()
      expect(await ticked(page, 'A source to search')).toBe(true)
      expect(await ticked(page, 'A first polling pass')).toBe(false)
      expect(await page.locator('.next').textContent()).toContain('Wait for the next pass')
    },
  )
})
