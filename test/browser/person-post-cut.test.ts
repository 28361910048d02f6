// A person page's posts (docs/console.md#people) show a post longer than its preview as the Signals card does: to its
// last whole word and "…"; the preview alone (its first 300 characters, cut wherever they end) read "…a sales pro".
import { describe, expect, test } from 'bun:test'
import { openPage, signIn } from '../support/browser'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'
import { signalRow } from '../support/webhooks'

const FULL = `${'a '.repeat(136)}We need an outbound prospecting tool for our sales team.`
let personId = ''
const con = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  async seed(deps, teamId) {
    const post = (preview: string, contentFull: string, publishedAt: string) =>
      signalRow(teamId, { author: 'long_poster', platform: 'reddit', preview, contentFull, publishedAt })
    await deps.repos.signals.insertMany(teamId, [
      post(FULL.slice(0, 300), FULL, '2026-11-20T09:00:00.000Z'),
      post('A short post.', 'A short post.', '2026-11-20T10:00:00.000Z'),
    ])
    const row = await deps.database.client.execute({ sql: "select id from people where author = 'long_poster'" })
    personId = String(row.rows[0]?.id)
  },
})

describe("a person page's posts", () => {
  test('a post longer than its preview ends with its last whole word and "…", a short one is whole', async () => {
    const view = await openPage(con.browser, con.app.origin, { timezoneId: 'UTC' })
    const { page } = view
    try {
      await signIn(view, 'ann@acme.test', OWNER_PASSWORD, '/#/people')
      await page.locator('.person').first().waitFor()
      await view.goto(`/#/people/${personId}`)
      await page.locator('.signals .text').nth(1).waitFor()
      const texts = (await page.locator('.signals .text').allTextContents()).map((t) => t.trim())
      expect(texts).toEqual([`${'a '.repeat(136)}We need an outbound…`, 'A short post.'])
    } finally {
      await view.close()
    }
  })
})
