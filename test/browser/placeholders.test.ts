// Every form's hints in its empty boxes (placeholders), in Chromium at a laptop's and a phone's width: at 390 px the
// Keywords page's example query read 'crm -hubspot "sales pipeline" subreddit' and the Destinations form's Keywords
// box 'any; or tracked keywords, separated by com', cut off mid-word. Each hint now fits its box at both sizes.
import { describe, expect } from 'bun:test'
import type { Page } from 'playwright-core'
import { navigateTo } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test' })

/** The placeholders shown on the page that are wider than the room their box gives text, with both widths. */
const cutOff = async (page: Page): Promise<string[]> =>
  (await page.evaluate(`(() => {
    const ruler = document.createElement('canvas').getContext('2d')
    const cut = []
    for (const box of document.querySelectorAll('input[placeholder]')) {
      if (box.offsetParent === null || box.value !== '') continue
      const style = getComputedStyle(box)
      ruler.font = style.font
      const wide = ruler.measureText(box.placeholder).width
      const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      if (wide > room + 0.5) cut.push(box.placeholder + ' (' + Math.round(wide) + ' px in ' + Math.round(room) + ')')
    }
    return cut
  })()`)) as string[]

describe('placeholders', () => {
  atBothSizes(made, 'fit their boxes on every page with a form, for each kind of destination', async (page) => {
    const seen: string[] = []
    for (const [name, ready] of [
      ['Keywords', 'Keyword or query'],
      ['ICP profiles', 'Name'],
      ['Settings', 'Key name'],
      ['Destinations', 'URL'],
    ]) {
      await navigateTo(page, name)
      await page.getByLabel(ready, { exact: true }).first().waitFor()
      seen.push(...(await cutOff(page)))
    }
    for (const kind of ['webhook', 'slack', 'discord', 'teams', 'email']) {
      await page.locator('form', { hasText: 'New destination' }).getByLabel('Kind').selectOption(kind)
      seen.push(...(await cutOff(page)))
    }
    expect(seen).toEqual([])
  })
})
