// The Destinations form's choices on a phone: a select box cannot wrap its text, and at 390 px the Sends box read
// "People turning hot (a signed webhook, se", cut off mid-word, and at 320 px more. Every choice of every box of the
// form (with each kind, since e-mail words When's first choice its own way) now fits its box at 390 and 320 px.
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { fitsWidth, openPage, screenshot, signIn } from '../support/browser'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test' })
const PHONES = [
  ['390', { width: 390, height: 844 }],
  ['320', { width: 320, height: 640 }],
] as const

/**
 * Each choice of the form's select boxes wider than the room its box gives text: its width less the padding and the
 * arrow Chromium draws at its end (a 20 px allowance, as wide as the arrow and its gap).
 */
const cutChoices = async (page: Page): Promise<string[]> =>
  (await page.evaluate(`(() => {
    const ruler = document.createElement('canvas').getContext('2d')
    const cut = []
    for (const box of document.querySelectorAll('form select')) {
      if (box.offsetParent === null) continue
      const style = getComputedStyle(box)
      ruler.font = style.font
      const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20
      for (const option of box.options) {
        const wide = ruler.measureText(option.text).width
        if (wide > room) cut.push(option.text + ' (' + Math.round(wide) + ' px in ' + Math.round(room) + ')')
      }
    }
    return cut
  })()`)) as string[]

describe("the Destinations form's choices", () => {
  for (const [size, viewport] of PHONES)
    test(`fit their boxes at ${size} px, for each kind`, async () => {
      const view = await openPage(made.browser, made.app.origin, { viewport })
      try {
        await signIn(view, made.owner, OWNER_PASSWORD, '/#/webhooks')
        const form = view.page.locator('form', { hasText: 'New destination' })
        await form.getByLabel('Sends').waitFor()
        const seen: string[] = []
        for (const kind of ['webhook', 'slack', 'discord', 'teams', 'email']) {
          await form.getByLabel('Kind').selectOption(kind)
          seen.push(...(await cutChoices(view.page)))
        }
        await form.getByLabel('Kind').selectOption('webhook')
        await form.getByLabel('Sends').selectOption('person.updated')
        expect(await fitsWidth(view.page)).toBe(true)
        await screenshot(view.page, `destination-choices-${size}`)
        expect([...new Set(seen)]).toEqual([])
      } finally {
        await view.close()
      }
    })
})
