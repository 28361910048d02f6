// Verdicts on a muted person's signals in the console (docs/console.md#verdicts, docs/people.md#mute): a signal stored
// while its author was muted is dismissed without a verdict; Show dismissed shows it as every dismissed signal is
// shown. The real app on a real socket and database file, in Chromium.
import { describe, expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { rateSignal } from '../../src/domain/feedback/rate'
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

describe('Undo of 👎: back to what the signal was before the click', () => {
  test("a muted person's signal stays dismissed; one judged relevant with a reason is relevant again, reason kept", async () => {
    const view = await openPage(made.browser, made.app.origin)
    try {
      await signIn(view, made.owner, OWNER_PASSWORD)
      // A missing card or state fails here, not at the test's time limit.
      view.page.setDefaultTimeout(5000)
      await view.page.getByLabel('Show dismissed').check()
      const muted = view.page.locator('.signal', { hasText: 'the muted vendor pitches' })
      await muted.getByRole('button', { name: 'Not relevant' }).click()
      await muted.getByRole('button', { name: 'Not relevant', pressed: true }).waitFor()
      await view.page.getByRole('button', { name: 'Undo' }).click()
      await muted.getByRole('button', { name: 'Not relevant', pressed: false }).waitFor()
      await muted.locator('.chip.author-muted').waitFor()
      expect(await muted.getAttribute('class')).toContain('dismissed')
      await view.page.getByLabel('Show dismissed').uncheck()
      // Gone once the list without dismissed signals is read (the other card is in both lists: waiting for it raced).
      await muted.waitFor({ state: 'detached' })
      await view.page.locator('.signal', { hasText: 'post number 1 about a crm' }).waitFor()
      expect(await view.page.getByText('the muted vendor pitches').count()).toBe(0)
      expect(await made.deps.repos.signalFeedback.byId(made.teamId, 'sig_004')).toBeUndefined()

      // Judged relevant elsewhere (the API, an assistant) with a reason; then 👎 here, and Undo.
      const earlier = await rateSignal(made.deps, made.teamId, { id: 'sig_001', verdict: 'relevant', reason: 'fits' })
      await view.page.reload()
      const card = view.page.locator('.signal', { hasText: 'post number 1 about a crm' })
      await card.getByRole('button', { name: 'Relevant', exact: true, pressed: true }).waitFor()
      await card.getByRole('button', { name: 'Not relevant' }).click()
      await card.waitFor({ state: 'detached' })
      await view.page.getByRole('button', { name: 'Undo' }).click()
      await card.getByRole('button', { name: 'Relevant', exact: true, pressed: true }).waitFor()
      const row = await made.deps.repos.signalFeedback.byId(made.teamId, 'sig_001')
      expect({ verdict: row?.verdict, reason: row?.reason, judgedAt: row?.judgedAt }).toEqual({
        verdict: 'relevant',
        reason: 'fits',
        judgedAt: earlier.judgedAt,
      })
      await screenshot(view.page, 'console-signals-undo')
      expect(view.errors.filter((e) => !e.includes('status of 401'))).toEqual([])
    } finally {
      await view.close()
    }
  })
})
