// A person page's posts (docs/console.md#people) read as the Signals card does. A post longer than its preview ends
// with its last whole word and "…" (the preview alone, its first 300 characters cut wherever they end, read "…a sales
// pro"). The embedded scorer standing in for the model is a tag with why on hover, not the note the scoring service
// appended to the reason: the page showed "(scored by the embedded scorer: the Ollama model server could not answer)"
// at the end of a reason whose Signals card never shows it.
import { describe, expect, test } from 'bun:test'
import { openPage, signIn } from '../support/browser'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'
import { signalRow } from '../support/webhooks'

const FULL = `${'a '.repeat(136)}We need an outbound prospecting tool for our sales team.`
const REASON = 'ACTIVE: wants to buy; team size ("8 people").'
const STOOD_IN = `${REASON} (scored by the embedded scorer: the Ollama model server could not answer)`
const people: Record<string, string> = {}
const con = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  async seed(deps, teamId) {
    const post = (author: string, a: { preview: string; contentFull: string; reason?: string }, at: string) =>
      signalRow(teamId, { author, platform: 'reddit', ...a, publishedAt: `2026-11-20T${at}:00.000Z` })
    const short = { preview: 'A short post.', contentFull: 'A short post.' }
    await deps.repos.signals.insertMany(teamId, [
      post('long_poster', { preview: FULL.slice(0, 300), contentFull: FULL }, '09:00'),
      post('long_poster', short, '10:00'),
      post('agency_owner', { ...short, reason: STOOD_IN }, '09:00'),
      post('agency_owner', { ...short, reason: REASON }, '10:00'),
    ])
    const rows = await deps.database.client.execute('select id, author from people')
    for (const r of rows.rows) people[String(r.author)] = String(r.id)
  },
})

/** The person's page, signed in, once its two posts are there. */
async function personPage(author: string) {
  const view = await openPage(con.browser, con.app.origin, { timezoneId: 'UTC' })
  await signIn(view, 'ann@acme.test', OWNER_PASSWORD, '/#/people')
  await view.page.locator('.person').first().waitFor()
  await view.goto(`/#/people/${people[author]}`)
  await view.page.locator('.signals .reason').nth(1).waitFor()
  return view
}

describe("a person page's posts", () => {
  test('a post longer than its preview ends with its last whole word and "…", a short one is whole', async () => {
    const view = await personPage('long_poster')
    try {
      const texts = (await view.page.locator('.signals .text').allTextContents()).map((t) => t.trim())
      expect(texts).toEqual([`${'a '.repeat(136)}We need an outbound…`, 'A short post.'])
    } finally {
      await view.close()
    }
  })

  test('a post the embedded scorer judged carries its tag, and no reason carries the note', async () => {
    const view = await personPage('agency_owner')
    const posts = view.page.locator('.signals .signal')
    try {
      const reasons = (await view.page.locator('.signals .reason').allTextContents()).map((t) => t.trim())
      expect(reasons).toEqual([REASON, REASON])
      const tag = posts.nth(0).locator('.chip.scorer')
      expect(await tag.allTextContents()).toEqual(['embedded scorer'])
      expect(await tag.getAttribute('title')).toBe('The Ollama model server could not answer')
      expect(await posts.nth(1).locator('.chip.scorer').count()).toBe(0)
    } finally {
      await view.close()
    }
  })
})
