// The Sources page's last failure of a platform that has answered since (docs/console.md#sources), in Chromium at a
// laptop's and a phone's width. A first-hour team fixed a refused Mastodon token, restarted, and read "just now:
// Mastodon refused the access token … set platforms.mastodon.access_token" beside "Last success: just now": the
// page did not say which came last, while Getting started already counted Mastodon as answering. And since when a
// source has failed (`failingSince`, docs/api.md#source-health): the last failure alone read the same for a blip and
// for a source down since the morning.
import { describe, expect } from 'bun:test'
import type { Page } from 'playwright-core'
import { fitsWidth, navigateTo, screenshot } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString()

const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  keywords: ['crm'],
  seed: async (deps) => {
    const health = deps.repos.platformHealth
    // Hacker News failed, then answered; GitHub answered, then failed.
    await health.recordFailure('hackernews', ago(120), 'hackernews could not be reached')
    await health.recordSuccess('hackernews', ago(60))
    await health.recordSuccess('github', ago(120))
    await health.recordFailure('github', ago(60), 'github could not be reached')
    // Stack Overflow answered, then failed for three hours; dev.to never answered in two.
    await health.recordSuccess('stackoverflow', ago(4 * 3600))
    for (const s of [3 * 3600, 3600, 60])
      await health.recordFailure('stackoverflow', ago(s), 'stackoverflow answered 503')
    for (const s of [2 * 3600, 60]) await health.recordFailure('devto', ago(s), 'devto answered 503')
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
      expect(await answered.textContent()).toBe('2 min ago: Hacker News could not be reached (it has answered since)')
      expect(await lastFailure(page, 'GitHub').textContent()).toBe('1 min ago: GitHub could not be reached')
      // More than the last try failed: since when, once; for one failure that is its own time, already shown.
      expect(await lastFailure(page, 'Stack Overflow').textContent()).toBe(
        '1 min ago: Stack Overflow answered 503 (failing since 3 h ago)',
      )
      expect(await lastFailure(page, 'dev.to').textContent()).toBe(
        '1 min ago: dev.to answered 503 (failing since 2 h ago, never answered)',
      )
      expect(await fitsWidth(page)).toBe(true)
      await screenshot(page, `sources-answered-since-${size}`)
    },
  )

  // The table said "GitHub could not be reached" and no more: Getting started sends a team here for each source's
  // error, and an air-gapped site's keyless sources fail on every pass, so the page says what would help.
  atBothSizes(made, 'a source that could not be reached on its last try gets what to check, once', async (page) => {
    await navigateTo(page, 'Sources')
    const hint = page.getByRole('note', { name: 'Sources out of reach' })
    await hint.waitFor()
    expect(await hint.textContent()).toBe(
      "GitHub could not be reached on its last try: the server's operator checks that it can reach it (a firewall, a proxy, no internet access); a site without internet access points its base_url at a mirror, or its stream_url for a stream (how).",
    )
    expect(await hint.getByRole('link', { name: 'how' }).getAttribute('href')).toBe(
      '/docs/platforms#checking-the-platforms',
    )
  })
})
