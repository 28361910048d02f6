// Verdicts on a muted person's signals in the console (docs/console.md#verdicts, docs/people.md#mute): a signal stored
// while its author was muted is dismissed without a verdict; Show dismissed shows it as every dismissed signal is
// shown. The real app on a real socket and database file, in Chromium.
import { describe, expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { openPage, screenshot, type ServicePage, signIn } from '../support/browser'
import { crmSignals } from '../support/crm-signals'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'

/** Four signals of "crm"; then author3 is muted and posts again: that post is stored dismissed, with no verdict. */
async function seed(deps: Deps, teamId: string) {
  const crm = crmSignals(teamId, 5)
  await deps.repos.signals.insertMany(teamId, crm.slice(0, 4))
  const sql = 'select id from people where team_id = ? and author = ?'
  const person = (await deps.database.client.execute({ sql, args: [teamId, 'author3'] })).rows[0]?.id
  await deps.repos.people.setMuted(teamId, String(person), true)
  const later = { ...(crm[4] as (typeof crm)[number]), author: 'author3', preview: 'the muted vendor pitches' }
  await deps.repos.signals.insertMany(teamId, [later])
}

const made = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test', keywords: ['crm'], seed })

const count = (view: ServicePage, text: string) => view.page.locator('.count', { hasText: new RegExp(`^${text}$`) })

describe("Show dismissed and a muted person's signal", () => {
  test('is dimmed as a signal judged not relevant is, and says why it is dismissed', async () => {
    const view = await openPage(made.browser, made.app.origin)
    try {
      await signIn(view, made.owner, OWNER_PASSWORD)
      await count(view, 'Signals 1–4 of 4').waitFor()
      expect(await view.page.getByText('the muted vendor pitches').count()).toBe(0)
      const judged = view.page.locator('.signal', { hasText: 'post number 0 about a crm' })
      await judged.getByRole('button', { name: 'Not relevant' }).click()
      await count(view, 'Signals 1–3 of 3').waitFor()

      await view.page.getByLabel('Show dismissed').check()
      await count(view, 'Signals 1–5 of 5').waitFor()
      const muted = view.page.locator('.signal', { hasText: 'the muted vendor pitches' })
      await muted.waitFor()
      // Both dismissed, both dimmed alike; only the judged one has its verdict pressed.
      expect(await judged.getAttribute('class')).toContain('dismissed')
      expect(await muted.getAttribute('class')).toContain('dismissed')
      const opacity = (l: typeof muted) =>
        l.evaluate((el) => (globalThis as any).getComputedStyle(el).opacity as string)
      expect(await opacity(muted)).toBe(await opacity(judged))
      expect(await muted.getByRole('button', { name: 'Not relevant' }).getAttribute('aria-pressed')).toBe('false')
      expect(await muted.locator('.chip.author-muted').textContent()).toBe('author muted')
      expect(await judged.locator('.chip.author-muted').count()).toBe(0)
      // The ones not dismissed are not dimmed.
      const kept = view.page.locator('.signal', { hasText: 'post number 1 about a crm' })
      expect(await kept.getAttribute('class')).not.toContain('dismissed')
      await screenshot(view.page, 'console-signals-muted-dismissed')
      await view.page.setViewportSize({ width: 390, height: 844 })
      await screenshot(view.page, 'console-signals-muted-dismissed-phone')
      expect(view.errors.filter((e) => !e.includes('status of 401'))).toEqual([])
    } finally {
      await view.close()
    }
  })
})
