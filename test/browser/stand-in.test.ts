// The Signals page's stand-in notes (docs/console.md#the-signals-page), in Chromium at a laptop's and a phone's size:
// a signal the embedded scorer judged because the model was down, and one it judged because the model was behind a
// stream (docs/streams.md#backpressure), each with its tag and a notice that says what happened.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { createUser } from '../../src/domain/users/users'
import type { NewSignal } from '../../src/storage/repos/signals'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import {
  fitsWidth,
  launchBrowser,
  listenForBrowser,
  openPage,
  screenshot,
  signIn,
  stopConsole,
} from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let ws: Workspace
let deps: Deps

const PASSWORD = 'correct horse battery'
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({ config: { database: { url: ws.dbUrl } }, now: new Date().toISOString() }))
  const teamId = (await seedTeam(deps, { name: 'acme' })).team.id
  await addKeywords(deps, { teamId, keywords: ['crm'] })
  const at = (i: number) => new Date(Date.now() - (i + 1) * 3_600_000).toISOString()
  const signal = (i: number, platform: string, reason: string): NewSignal => ({
    id: `sig_${i}`,
    teamId,
    platform,
    postId: `p${i}`,
    author: `author${i}`,
    intent: 'ACTIVE',
    score: 8,
    reason,
    icpMatch: null,
    preview: `post number ${i}`,
    contentFull: null,
    url: `https://example.com/${i}`,
    keyword: 'crm',
    publishedAt: at(i),
    detectedAt: at(i),
  })
  await deps.repos.signals.insertMany(teamId, [
    // As the stream's overflow writes it (src/domain/streams/overflow.ts), naming the model server as a person does.
    signal(
      0,
      'bluesky',
      'asks which CRM to buy (scored by the embedded scorer: the Ollama model server was behind the bluesky stream)',
    ),
    // As a search whose time ran out writes it (src/domain/scoring/scoring-service.ts).
    signal(
      4,
      'hackernews',
      'needs a CRM (scored by the embedded scorer: the Ollama model server could not answer within the search time)',
    ),
    // As earlier versions stored it, before the embedded scorer had that name: the same tag and notice.
    signal(1, 'bluesky', 'wants a CRM (scored by the rules scorer: the ollama scorer was behind the bluesky stream)'),
    signal(2, 'hackernews', 'compares CRMs (scored by the rules scorer: the ollama scorer could not answer)'),
    // As stored before the stand-in named the model server as a person does: the same tag and notice.
    signal(5, 'hackernews', 'asks for a CRM (scored by the embedded scorer: the ollama scorer could not answer)'),
    signal(3, 'hackernews', 'the model judged this one'),
  ])
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

describe('the embedded scorer standing in on the Signals page', () => {
  for (const size of SIZES)
    test(`model behind a stream and model down: each card tagged, each said once with what to do (${size.name})`, async () => {
      const view = await openPage(browser, app?.origin as string, { viewport: size.viewport })
      try {
        await signIn(view, 'ann@acme.test', PASSWORD)
        await view.page.locator('.count', { hasText: 'Signals 1–6 of 6' }).waitFor()
        // No note left at the end of a reason: the cards read as the scorer's reason alone.
        expect(await view.page.locator('.reason', { hasText: 'scored by the' }).count()).toBe(0)
        const card = (text: string) => view.page.locator('.signal', { hasText: text })
        expect(await card('asks which CRM to buy').locator('.reason').textContent()).toBe('asks which CRM to buy')
        expect(await view.page.locator('.chip.scorer').allTextContents()).toEqual(Array(5).fill('embedded scorer'))
        expect(await card('asks which CRM to buy').locator('.chip.scorer').getAttribute('title')).toBe(
          'The Ollama model server could not keep up with the Bluesky stream',
        )
        for (const text of ['compares CRMs', 'needs a CRM', 'asks for a CRM'])
          expect(await card(text).locator('.chip.scorer').getAttribute('title')).toBe(
            'The Ollama model server could not answer',
          )
        expect(await card('needs a CRM').locator('.reason').textContent()).toBe('needs a CRM')
        expect(await card('the model judged').locator('.chip.scorer').count()).toBe(0)
        // One notice for each: the stream's says the model was behind and where to look, not to check a model that is
        // up.
        const behind = view.page.locator('.notice', { hasText: 'could not keep up' })
        expect(await behind.count()).toBe(1)
        const said = (await behind.textContent()) ?? ''
        expect(said).toContain(
          'The Ollama model server could not keep up with the Bluesky stream when 2 signals of this page',
        )
        expect(said).toContain('a faster model')
        expect(said).not.toContain('scorer check')
        // One scorer, one name (docs/scoring.md): "rules" reads as keyword rules without a model, which it is not.
        expect(said).toContain('so the embedded scorer judged them (tagged “embedded scorer”): the posts')
        expect(said).not.toContain('rules scorer')
        expect(await behind.getByRole('link', { name: 'Sources' }).getAttribute('href')).toBe('#/sources')
        expect(await behind.getByRole('link', { name: 'how' }).getAttribute('href')).toBe('/docs/streams#backpressure')
        const down = view.page.locator('.notice', { hasText: 'could not answer' })
        expect(await down.count()).toBe(1)
        expect(await down.textContent()).toContain(
          'The Ollama model server could not answer when 3 signals of this page were',
        )
        expect(await down.textContent()).toContain('lead-signals scorer check says why')
        expect(await down.textContent()).toContain('scorer.backend = "rules" lets it answer alone')
        expect(await down.textContent()).toContain('so the embedded scorer judged them (tagged “embedded scorer”)')
        expect(await down.textContent()).not.toContain('rules scorer')
        expect(await fitsWidth(view.page)).toBe(true)
        await screenshot(view.page, `stand-in-notices-${size.name}`)
        // Signed out at first, /me answers 401: the one error the browser logs.
        expect(view.errors.filter((e) => !e.includes('401'))).toEqual([])
      } finally {
        await view.close()
      }
    })
})
