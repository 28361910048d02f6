// The console's Destinations page and the Settings page's one click, as a person uses them: the real app on a real
// socket, Chromium at a desktop and a phone width, a Discord fake and a real SMTP server on 127.0.0.1. The e-mail such
// a destination sends, as Chromium renders it: email-rendered.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import {
  closeBrowser,
  fitsWidth,
  launchBrowser,
  listenForBrowser,
  navigateTo,
  openPage,
  screenshot,
  signIn,
} from '../support/browser'
import { checkedAnswer } from '../support/chat-receivers'
import { seedTeam, testDeps } from '../support/deps'
import { fakeUpstream } from '../support/fake-upstream'
import { startSmtp } from '../support/smtp'
import { endpointInput } from '../support/webhooks'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let origin = ''
let ws: Workspace
let deps: Deps
let smtp: Awaited<ReturnType<typeof startSmtp>>
const discord = fakeUpstream((req) => checkedAnswer('discord', req.body))
const PASSWORD = 'correct horse battery'
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]

beforeAll(async () => {
  ws = createWorkspace()
  smtp = await startSmtp()
  ;({ deps } = await testDeps({
    config: { database: { url: ws.dbUrl }, webhooks: { allow_private_targets: true }, email: smtp.emailConfig },
    now: new Date().toISOString(),
  }))
  const { team } = await seedTeam(deps, { name: 'acme' })
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  // A CRM hook for people turning hot that has been failing for two hours: the page says both.
  const { endpoint } = await createEndpoint(deps, {
    teamId: team.id,
    input: endpointInput('http://127.0.0.1:9/crm-hook', { event: 'person.updated' }),
  })
  await deps.database.client.execute({
    sql: 'update webhook_endpoints set failing_since = ? where id = ?',
    args: [Date.now() - 2 * 3_600_000, endpoint.id],
  })
  app = listenForBrowser(deps)
  origin = app.origin
  browser = await launchBrowser()
})

afterAll(async () => {
  if (browser) await closeBrowser(browser)
  await app?.stop()
  discord.stop()
  await smtp?.stop()
  deps?.database.client.close()
  ws?.cleanup()
})

async function signedIn(viewport: { width: number; height: number }) {
  const view = await openPage(browser, origin, { viewport })
  await signIn(view, 'ann@acme.test', PASSWORD)
  await view.page.getByRole('heading', { name: 'Signals', exact: true }).waitFor()
  return view
}

describe('Destinations and Settings in the console', () => {
  test('one click in Settings e-mails the user; a Discord destination is added and tested; a wrong URL is refused', async () => {
    for (const size of SIZES) {
      const view = await signedIn(size.viewport)
      const page = view.page
      try {
        await view.goto('/#/settings')
        if (size.name === 'desktop') {
          await page.getByRole('button', { name: 'E-mail me new leads' }).click()
          await page.getByText('New leads are e-mailed to ann@acme.test: daily digest at 09:00').waitFor()
        } else await page.getByText('New leads are e-mailed to ann@acme.test').waitFor()
        await screenshot(page, `destinations-settings-${size.name}`)

        await navigateTo(page, 'Destinations')
        await page.getByRole('heading', { name: 'ann@acme.test' }).waitFor()
        const hook = page.locator('.cards li', { hasText: 'crm-hook' })
        expect(await hook.textContent()).toContain('Webhook · people turning hot · instantly')
        expect(await hook.textContent()).toContain('Enabled; failing since 2 h ago (disabled after 5 days of failures)')
        const url = `${discord.origin}/api/webhooks/42${size.name === 'phone' ? 1 : 0}/tok-${size.name}`
        // The token is shown masked; one this short is masked whole (docs/destinations.md#urls-are-shown-masked).
        const shown = url.replace(/tok-\w+$/, '••••')
        await page.getByLabel('Kind').selectOption('discord')
        await page.getByLabel('URL').fill(url)
        await page.getByLabel('When').selectOption('daily')
        await page.getByLabel('Digest hour').fill('8')
        await page.getByLabel('Time zone').fill('Europe/Berlin')
        await page.getByLabel('From').fill('22')
        await page.getByLabel('To', { exact: true }).fill('7')
        await page.getByRole('button', { name: 'Add destination' }).click()
        await page.getByRole('heading', { name: shown }).waitFor()
        await page.getByText('Discord · daily digest at 08:00 · quiet 22:00-07:00 · Europe/Berlin').first().waitFor()
        await page.getByRole('button', { name: `Test ${shown}` }).click()
        await page.getByText(`Test event delivered to ${shown}: answered 204.`).waitFor()
        expect(await page.content()).not.toContain(`tok-${size.name}`)

        await page.getByLabel('Kind').selectOption('teams')
        await page.getByLabel('URL').fill(`${discord.origin}/not/a/workflow`)
        await page.getByRole('button', { name: 'Add destination' }).click()
        // Beside the form's button, where the user looks after the click, not at the top of the page.
        await page.locator('form').getByRole('alert').getByText('Teams Workflows webhook URL').waitFor()
        // What was typed stays, to be corrected.
        expect(await page.getByLabel('URL').inputValue()).toBe(`${discord.origin}/not/a/workflow`)
        await screenshot(page, `destinations-page-${size.name}`)
        // The 401 before signing in and the 400 of the refused URL are answers; anything else would be a page error.
        expect(view.errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([])
      } finally {
        await view.close()
      }
    }
    expect(discord.received.filter((r) => r.url.pathname.startsWith('/api/webhooks/'))).toHaveLength(2)
  })

  // A keyword the team does not track (a typo) made a destination that never sends anything, without a word.
  test('a keyword filter naming untracked keywords warns in the form, and the destination can still be added', async () => {
    const teamId = (await deps.repos.teams.find('acme'))?.id as string
    await addKeywords(deps, { teamId, keywords: ['crm', 'crm NOT hubspot'] })
    for (const size of SIZES) {
      const view = await openPage(browser, origin, { viewport: size.viewport })
      const { page } = view
      try {
        await signIn(view, 'ann@acme.test', PASSWORD)
        await navigateTo(page, 'Destinations')
        const path = `/api/webhooks/7${size.name === 'phone' ? 1 : 0}/`
        await page.getByLabel('URL').fill(`${discord.origin}${path}typo`)
        await page.getByLabel('Kind').selectOption('discord')
        const keywords = page.getByLabel('Keywords')
        // Tracked ones compare as tracked keywords do: in any case but that of NOT (docs/queries.md#matching).
        await keywords.fill('CRM,  crm  NOT   hubspot')
        expect(await page.locator('form .notice').count()).toBe(0)
        await keywords.fill('CRM, crn, crm not hubspot')
        const warning = page.locator('form .notice')
        await warning.waitFor()
        const said = (await warning.textContent()) ?? ''
        expect(said).toContain('“crn”, “crm not hubspot”')
        expect(said).not.toContain('“CRM”')
        expect(said).toContain('sends nothing for')
        expect(await warning.getByRole('link', { name: 'Keywords' }).getAttribute('href')).toBe('#/keywords')
        expect(await fitsWidth(page)).toBe(true)
        await screenshot(page, `destinations-untracked-keyword-${size.name}`)
        // A warning, not a refusal: the keyword may be tracked later.
        await page.getByRole('button', { name: 'Add destination' }).click()
        // The whole path: the fake's port may end in the same digits (a port 42471 held "71/" and matched 3 cards).
        const card = page.locator('.cards li', { hasText: path })
        await card.waitFor()
        expect(await page.locator('form .notice').count()).toBe(0)
        // Once added, its card in the list says the same, as long as the keywords are not tracked; a destination
        // without a keyword filter has no warning.
        const listed = card.locator('.notice')
        await listed.waitFor()
        expect(await listed.textContent()).toContain('Not tracked by your team: “crn”, “crm not hubspot”.')
        expect(await page.locator('.cards li', { hasText: 'crm-hook' }).locator('.notice').count()).toBe(0)
        expect(await fitsWidth(page)).toBe(true)
        await screenshot(page, `destinations-untracked-keyword-listed-${size.name}`)
      } finally {
        await view.close()
      }
    }
    // A keyword tracked later: the list, read again, no longer names it.
    await addKeywords(deps, { teamId, keywords: ['crn'] })
    const view = await openPage(browser, origin, { viewport: SIZES[0]?.viewport })
    try {
      await signIn(view, 'ann@acme.test', PASSWORD, '/#/webhooks')
      const warnings = view.page.locator('.cards li .notice')
      await warnings.first().waitFor()
      expect(await warnings.allTextContents()).toEqual([
        expect.stringContaining('Not tracked by your team: “crm not hubspot”.'),
        expect.stringContaining('Not tracked by your team: “crm not hubspot”.'),
      ])
    } finally {
      await view.close()
    }
  })
})
