// docs/destinations.md: a webhook's signing secret is shown once, when it is added. On a phone the field shows a
// third of it, and a long press selects only as far as a '+' or '/': Copy takes all of it, as for a new API key.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import { launchBrowser, listenForBrowser, openPage, screenshot, signIn, stopConsole } from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'
import { whenDrawn } from '../support/drawn'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let ws: Workspace
let deps: Deps
const PASSWORD = 'correct horse battery'
const PHONE = { width: 390, height: 844 }

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({
    config: { database: { url: ws.dbUrl }, webhooks: { allow_private_targets: true } },
    now: new Date().toISOString(),
  }))
  await seedTeam(deps, { name: 'acme' })
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

describe("a new webhook's signing secret", () => {
  test('phone: Copy beside the secret puts all of it on the clipboard', async () => {
    const view = await openPage(browser, app?.origin as string, { viewport: PHONE })
    await view.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: view.origin })
    try {
      await signIn(view, 'ann@acme.test', PASSWORD, '/#/webhooks')
      await view.page.getByLabel('URL').fill('http://127.0.0.1:9/hook')
      await view.page.getByRole('button', { name: 'Add destination' }).click()
      const secret = await view.page.getByLabel('Signing secret').inputValue()
      expect(secret).toStartWith('whsec_')
      const copy = view.page.getByRole('button', { name: 'Copy' })
      const box = await copy.boundingBox()
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width)
      await copy.click()
      await view.page.getByRole('button', { name: 'Copied' }).waitFor()
      expect(await view.page.evaluate('navigator.clipboard.readText()')).toBe(secret)
      await screenshot(view.page, 'signing-secret-phone')

      // Another destination added: its new secret is shown with Copy, not with the Copied of the one before (which
      // said, and announced in the status, that a secret not copied yet was), not even for the frame it is drawn in.
      const button = `document.querySelector('.new-key button')?.textContent`
      const drawn = await whenDrawn(view.page, '[role=status]', 'Added http://127.0.0.1:9/again', { read: button })
      await view.page.getByLabel('URL').fill('http://127.0.0.1:9/again')
      await view.page.getByRole('button', { name: 'Add destination' }).click()
      expect((await drawn()).read).toBe('Copy')
      expect(await view.page.getByLabel('Signing secret').inputValue()).not.toBe(secret)
      expect(await view.page.locator('.new-key button').textContent()).toBe('Copy')
    } finally {
      await view.close()
    }
  })
})
