// A person's "Seen" line (docs/console.md#people) reads to the minute: two posts in the same minute show one time,
// two posts a few seconds apart across a minute's turn show both.
import { describe, expect, test } from 'bun:test'
import { openPage, signIn } from '../support/browser'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'
import { signalRow } from '../support/webhooks'

const ids: Record<string, string> = {}
const con = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  async seed(deps, teamId) {
    const post = (author: string, publishedAt: string) =>
      signalRow(teamId, { author, platform: 'reddit', publishedAt, detectedAt: publishedAt })
    await deps.repos.signals.insertMany(teamId, [
      // 45 seconds apart, the same minute.
      post('same_minute', '2026-11-20T09:15:05.000Z'),
      post('same_minute', '2026-11-20T09:15:50.000Z'),
      // 15 seconds apart, two minutes.
      post('two_minutes', '2026-11-20T09:15:50.000Z'),
      post('two_minutes', '2026-11-20T09:16:05.000Z'),
    ])
    for (const author of ['same_minute', 'two_minutes']) {
      const row = await deps.database.client.execute({ sql: 'select id from people where author = ?', args: [author] })
      ids[author] = String(row.rows[0]?.id)
    }
  },
})

describe('the Seen line of a person page', () => {
  test('one time for two posts in the same minute, a range for two posts either side of a minute', async () => {
    const view = await openPage(con.browser, con.app.origin, { timezoneId: 'UTC' })
    const { page } = view
    // The minutes as this English browser in UTC writes them, with their zone.
    const [at15, at16] = ['Nov 20, 2026, 9:15 AM UTC', 'Nov 20, 2026, 9:16 AM UTC']
    const seen = async (author: string) => {
      await view.goto(`/#/people/${ids[author]}`)
      await page.getByRole('heading', { name: new RegExp(author) }).waitFor()
      return (await page.locator('dt:text-is("Seen") + dd').textContent())?.trim()
    }
    try {
      await signIn(view, 'ann@acme.test', OWNER_PASSWORD, '/#/people')
      await page.locator('.person').first().waitFor()
      expect(await seen('same_minute')).toBe(at15)
      expect(await seen('two_minutes')).toBe(`${at15} to ${at16}`)
    } finally {
      await view.close()
    }
  })
})
