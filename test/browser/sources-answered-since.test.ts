// The Sources page's last failure of a platform that has answered since (docs/console.md#sources), in Chromium at a
// laptop's and a phone's width. A first-hour team fixed a refused Mastodon token, restarted, and read "just now:
// Mastodon refused the access token … set platforms.mastodon.access_token" beside "Last success: just now": the
// page did not say which came last, while Getting started already counted Mastodon as answering.
import { describe, expect } from 'bun:test'
import type { Page } from 'playwright-core'
import { fitsWidth, navigateTo, screenshot } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString()

const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  seed: async (deps) => {
    const health = deps.repos.platformHealth
    // Hacker News failed, then answered; GitHub answered, then failed.
    await health.recordFailure('hackernews', ago(120), 'hackernews could not be reached')
    await health.recordSuccess('hackernews', ago(60))
    await health.recordSuccess('github', ago(120))
    await health.recordFailure('github', ago(60), 'github could not be reached')
  },
})

const lastFailure = (page: Page, platform: string) =>
  page
    .getByRole('table', { name: 'Sources in use' })
    .locator('tr', { has: page.locator('td[data-label="Platform"]', { hasText: new RegExp(`^${platform}$`) }) })
    .locator('td[data-label="Last failure"]')

describe('a failure older than the last success on the Sources page', () => {
  atBothSizes(
    made,
    'says the platform has answered since; a failure after the success does not',
    async (page, size) => {
      await navigateTo(page, 'Sources')
      const answered = lastFailure(page, 'Hacker News')
      await answered.waitFor()
      expect(await answered.textContent()).toBe('2 min ago, answered since: Hacker News could not be reached')
      expect(await lastFailure(page, 'GitHub').textContent()).toBe('1 min ago: GitHub could not be reached')
      expect(await fitsWidth(page)).toBe(true)
      await screenshot(page, `sources-answered-since-${size}`)
    },
  )
})
