import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { unsubscribeToken } from '../../src/domain/webhooks/unsubscribe'
import { closeBrowser, fitsWidth, launchBrowser, listenForBrowser, openPage, screenshot } from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'
import { endpointInput } from '../support/webhooks'

// docs/destinations.md#unsubscribe: the page an e-mail's unsubscribe link opens, on the phone the e-mail is read on.
// It names the address, which may be one long word (a local part of 64 characters and a long domain): the sentence ran
// past the phone's width, and the page scrolled sideways with its Unsubscribe button.
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  if (browser) await closeBrowser(browser)
})

const TO =
  'revenueoperationsemeawestregionsalesdevelopmentteamleadsinbox01@subsidiary.internationalcorporation.example.com'

test('the unsubscribe page of a long address fits a phone, before and after the button', async () => {
  const { deps } = await testDeps({ now: new Date().toISOString(), config: { email: { host: 'smtp.example.com' } } })
  const { team } = await seedTeam(deps)
  const { endpoint } = await createEndpoint(deps, {
    teamId: team.id,
    input: endpointInput('', { kind: 'email', url: null, to: TO }),
  })
  const row = await deps.repos.webhookEndpoints.byIdAnyTeam(endpoint.id)
  const token = unsubscribeToken({ id: endpoint.id, secret: String(row?.secret) })
  const app = listenForBrowser(deps)
  const view = await openPage(browser, app.origin, { viewport: { width: 390, height: 844 } })
  try {
    await view.goto(`/unsubscribe?token=${encodeURIComponent(token)}`)
    await view.page.getByText(TO).waitFor()
    const before = await fitsWidth(view.page)
    await screenshot(view.page, 'unsubscribe-phone')
    await view.page.getByRole('button', { name: 'Unsubscribe' }).click()
    await view.page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor()
    expect({ before, after: await fitsWidth(view.page) }).toEqual({ before: true, after: true })
  } finally {
    await view.close()
    await app.stop()
    deps.database.client.close()
  }
})
