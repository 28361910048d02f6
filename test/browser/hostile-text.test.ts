// Every page at a phone's 390 px for a team whose stored text is an attacker's (docs/console.md: platform text is
// anyone's): a 5,000-character post with markup in it, a right-to-left override, 200-character words and emoji, in
// a post, its author, the model's reason, a keyword, an ICP profile and a destination's address. Nothing is wider than
// the window and no markup is drawn: the text shows as typed.
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { addIcp } from '../../src/domain/icps/icps'
import { issueApiKey } from '../../src/domain/keys/keys'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { fitsWidth, openPage, screenshot, signIn } from '../support/browser'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'
import { countReadings, readingsDone } from '../support/readings'
import { endpointInput, signalRow } from '../support/webhooks'

const PHONE = { width: 390, height: 844 }
const WORD = `W${'m'.repeat(199)}`
const MARKUP = '<img src=x onerror="document.title=\'pwned\'"><b>bold</b><script>document.title="pwned"</script>'
const RTL = '\u202Egpj.exe'
const EMOJI = '👩‍👩‍👧‍👦🚀🔥'.repeat(40)
const PIECE = `${MARKUP} ${RTL} ${WORD} ${EMOJI} we need a CRM `
const POST = PIECE.repeat(Math.ceil(5000 / PIECE.length)).slice(0, 5000)
let personId = ''

const con = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  config: { webhooks: { allow_private_targets: true } },
  seed: async (deps, teamId) => {
    await addKeywords(deps, { teamId, keywords: ['crm', WORD.toLowerCase()] })
    await addIcp(deps, { teamId, name: WORD.slice(0, 100), description: POST.slice(0, 2000) })
    const keywords = [`${WORD.slice(0, 150)} ${EMOJI.slice(0, 40)}`]
    await createEndpoint(deps, { teamId, input: endpointInput(`http://127.0.0.1:9/${WORD}/${EMOJI}`, { keywords }) })
    await issueApiKey(deps, { teamId, label: WORD.slice(0, 100) })
    const now = new Date().toISOString()
    const author = `${WORD}${RTL}`
    await deps.repos.signals.insertMany(teamId, [
      signalRow(teamId, {
        author,
        preview: POST.slice(0, 300),
        contentFull: POST,
        reason: POST.slice(0, 1000),
        keyword: WORD.toLowerCase(),
        publishedAt: now,
        detectedAt: now,
      }),
    ])
    const row = await deps.database.client.execute({ sql: 'select id from people where author = ?', args: [author] })
    personId = String(row.rows[0]?.id)
  },
})

/** What is wrong on the page: wider than the window, an element past its right edge, markup drawn or run. */
const faults = async (page: Page, name: string): Promise<string[]> => {
  const found: string[] = []
  if (!(await fitsWidth(page))) found.push(`${name}: wider than the window`)
  const wide = (await page.evaluate(`[...document.querySelectorAll('main *, header *')]
    .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().right > window.innerWidth + 0.5)
    .map((e) => e.tagName + ' ' + (e.textContent || '').trim().slice(0, 30))`)) as string[]
  for (const e of wide) found.push(`${name}: past the edge: ${e}`)
  const drawn = (await page.evaluate(`document.querySelectorAll('main img, main b, main script').length`)) as number
  if (drawn) found.push(`${name}: ${drawn} elements of the text's markup drawn`)
  if ((await page.title()) === 'pwned') found.push(`${name}: the text's script ran`)
  return found
}

describe('hostile text at 390 px', () => {
  test('every page fits the window and draws no markup', async () => {
    const view = await openPage(con.browser, con.app.origin, { viewport: PHONE })
    const { page } = view
    try {
      await countReadings(page)
      await signIn(view, con.owner, OWNER_PASSWORD)
      const found: string[] = []
      const pages = ['signals', 'people', `people/${personId}`, 'keywords', 'icp-profiles', 'usage', 'sources']
      // Addresses a link can hold: a page that is not one, and a filter the team has no such keyword for.
      const links = [
        `${encodeURIComponent(`${WORD}${MARKUP}${RTL}`)}`,
        `signals?keyword=${encodeURIComponent([...POST].slice(0, 600).join(''))}`,
      ]
      for (const path of [...pages, 'webhooks', 'settings', ...links]) {
        await view.goto(`/#/${path}`)
        await page.locator('main h1').waitFor()
        // Each page's own readings drawn before it is acted on; the load states are the document's, reached before.
        await readingsDone(page)
        if (path === 'signals') await page.getByRole('button', { name: 'Full text' }).first().click()
        // A query typed, as the preview under the box shows it.
        if (path === 'keywords') await page.getByLabel('Keyword or query').fill(`${WORD} ${MARKUP} ${RTL} ${EMOJI}`)
        if (path === 'icp-profiles')
          await page
            .getByRole('button', { name: /^Edit / })
            .first()
            .click()
        if (path === 'webhooks') await page.getByRole('button', { name: /^Deliveries of / }).click()
        // What the click or the typing asked for (a deliveries list, a preview) drawn before the page is measured.
        await readingsDone(page)
        found.push(...(await faults(page, path)))
        await screenshot(page, `hostile-${path.replace(/\W/g, '-').slice(0, 20)}-390`)
      }
      // The post's markup was there to be drawn, and shows as text instead.
      await view.goto('/#/signals')
      await page.getByText('<img src=x', { exact: false }).first().waitFor()
      // Dismissed: the Undo notice names the author and the post.
      await page
        .getByRole('button', { name: /Not relevant/ })
        .first()
        .click()
      await page.getByRole('button', { name: /Undo/ }).first().waitFor()
      found.push(...(await faults(page, 'signals, dismissed')))
      await screenshot(page, 'hostile-undo-390')
      expect(found).toEqual([])
    } finally {
      await view.close()
    }
  })
})
