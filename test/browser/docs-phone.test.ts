// The documents the executable serves at /docs (docs/console.md#documentation), in Chromium at a phone's 390 px: a
// new team opening /docs/platforms from the Sources page had the whole page slide sideways, pushed out by one long
// inline setting (`LEAD_SIGNALS_PLATFORMS_MASTODON_BASE_URL=https://fosstodon.org`). Tables and code blocks scroll in
// themselves; the page does not.
import { describe, expect, test } from 'bun:test'
import { DOC_PAGES } from '../../src/http/docs/pages'
import { fitsWidth, openPage, screenshot } from '../support/browser'
import { oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test' })

describe('the served documents on a phone', () => {
  test('every page fits 390 px, with nothing to scroll sideways to', async () => {
    const view = await openPage(made.browser, made.app.origin, { viewport: { width: 390, height: 844 } })
    try {
      const wide: string[] = []
      for (const name of ['', ...Object.keys(DOC_PAGES)]) {
        await view.goto(`/docs/${name}`)
        if (!(await fitsWidth(view.page))) wide.push(`/docs/${name}`)
      }
      expect(wide).toEqual([])
      await view.goto('/docs/platforms')
      await screenshot(view.page, 'docs-platforms-phone')
    } finally {
      await view.close()
    }
  })
})
