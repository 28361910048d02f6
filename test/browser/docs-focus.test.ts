// The documents served at /docs (docs/console.md#documentation), opened from the console, by the keyboard at 1280 and
// 390 px: every link and every table that scrolls sideways shows the console's focus outline, solid, 2 px or more,
// at 3:1 or more against the page (WCAG 2.2 SC 2.4.7, SC 1.4.11). They had Chromium's own 1 px ring.
import { describe, expect, test } from 'bun:test'
import { DOC_PAGES } from '../../src/http/docs/pages'
import { openPage } from '../support/browser'
import { ringFaults, ringsByTab } from '../support/focus-ring'
import { oneTeamConsole, SIZES } from '../support/one-team-console'

const made = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test' })

describe('the served documents by the keyboard', () => {
  for (const [size, viewport] of SIZES)
    test(`every link Tab reaches shows the focus outline (${size})`, async () => {
      const view = await openPage(made.browser, made.app.origin, { viewport })
      try {
        const faults: string[] = []
        let reached = 0
        for (const name of ['', ...Object.keys(DOC_PAGES)]) {
          await view.goto(`/docs/${name}`)
          const rings = await ringsByTab(view.page, 40)
          reached += rings.length
          for (const ring of rings) faults.push(...ringFaults(ring).map((f) => `/docs/${name}: ${f}`))
        }
        expect(reached).toBeGreaterThan(Object.keys(DOC_PAGES).length * 3)
        expect(faults.slice(0, 10)).toEqual([])
      } finally {
        await view.close()
      }
    })
})
