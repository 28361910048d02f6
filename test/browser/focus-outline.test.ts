// Every control of every page, reached by Tab at a laptop's 1280 px and a phone's 390 px (and the phone's menu,
// open), shows the console's one focus outline: solid, 2 px or more, at 3:1 or more against the colour it lies on
// (WCAG 2.2 SC 2.4.7 and SC 1.4.11), its control in view (SC 2.4.11). Chromium's own ring was left on every control:
// 1 px, in the browser's colour, whatever the background.
import { describe, expect, test } from 'bun:test'
import { issueApiKey } from '../../src/domain/keys/keys'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { openPage, screenshot, signIn } from '../support/browser'
import { keyboardToTop, type Ring, ringFaults, ringsByTab } from '../support/focus-ring'
import { OWNER_PASSWORD, oneTeamConsole, SIZES } from '../support/one-team-console'
import { countReadings, readingsDone } from '../support/readings'
import { endpointInput, signalRow, storeSignals } from '../support/webhooks'

const con = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  keywords: ['crm'],
  config: { webhooks: { allow_private_targets: true } },
  seed: async (deps, teamId) => {
    const now = new Date().toISOString()
    await storeSignals(deps, [signalRow(teamId, { publishedAt: now, detectedAt: now })])
    await createEndpoint(deps, { teamId, input: endpointInput('http://127.0.0.1:9/hooks') })
    await issueApiKey(deps, { teamId, label: 'ci' })
  },
})

const PATHS = ['signals', 'people', 'keywords', 'icp-profiles', 'usage', 'sources', 'webhooks', 'settings']

describe('the focus outline', () => {
  for (const [size, viewport] of SIZES)
    test(`every control Tab reaches shows it, on every page (${size})`, async () => {
      const view = await openPage(con.browser, con.app.origin, { viewport })
      const { page } = view
      try {
        await countReadings(page)
        await signIn(view, con.owner, OWNER_PASSWORD)
        const faults: string[] = []
        const seen: Ring[] = []
        for (const path of PATHS) {
          await view.goto(`/#/${path}`)
          await page.locator('main h1').waitFor()
          await readingsDone(page)
          await keyboardToTop(page)
          const rings = await ringsByTab(page)
          seen.push(...rings)
          for (const ring of rings) faults.push(...ringFaults(ring).map((f) => `${path}: ${f}`))
        }
        if (size === 'phone') {
          await page.getByRole('button', { name: 'Menu' }).click()
          await page.getByRole('button', { name: 'Menu' }).focus()
          const rings = await ringsByTab(page, 12)
          seen.push(...rings)
          for (const ring of rings) faults.push(...ringFaults(ring).map((f) => `menu: ${f}`))
        }
        await screenshot(page, `focus-outline-${size}`)
        // Buttons, links and fields were all reached, so the walk did check the controls.
        for (const tag of ['BUTTON', 'A', 'INPUT']) expect(seen.some((r) => r.what.startsWith(tag))).toBe(true)
        expect([...new Set(faults)]).toEqual([])
      } finally {
        await view.close()
      }
    })
})
