// Settings → Connected apps names each app by the name it registered itself under (docs/oauth.md#connected-apps),
// anyone's choice and so a stranger's text (docs/security.md#platform-text). A name ending in a right-to-left override
// (U+202E) ran on into the question asked before disconnecting it: "Disconnect Helper" and then the rest of the
// sentence drawn backwards, the question mark at its far end.
import { expect, test } from 'bun:test'
import { closeBrowser, launchBrowser, openPage, signIn } from '../support/browser'
import { oauthWorld, obtainTokens, PASSWORD, registerClient } from '../support/oauth'

test('a connected app whose name forces right-to-left cannot turn the Disconnect question around', async () => {
  const world = await oauthWorld()
  const browser = await launchBrowser()
  try {
    const client = (await registerClient(world, { client_name: 'Helper\u202e' })).body
    await obtainTokens(world, { client })
    const view = await openPage(browser, world.base)
    try {
      await signIn(view, 'ann@acme.test', PASSWORD, '/#/settings')
      const row = view.page.getByRole('row', { name: /Helper/ })
      await row.getByRole('button', { name: /^Disconnect Helper/ }).click()
      const question = row.locator('fieldset.confirm > span')
      await question.getByText('Its tokens').waitFor()
      // Where the question mark and "Its" are drawn: just after the name, in reading order, on its line.
      const place = await question.evaluate((q) => {
        const text = q.textContent ?? ''
        const box = (from: number, length: number) => {
          const range = q.ownerDocument.createRange()
          const walker = q.ownerDocument.createTreeWalker(q, 4) // text nodes
          let seen = 0
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const size = node.textContent?.length ?? 0
            if (from < seen + size) {
              range.setStart(node, from - seen)
              range.setEnd(node, from - seen + length)
              return range.getBoundingClientRect()
            }
            seen += size
          }
          return undefined
        }
        const name = box(text.indexOf('Helper'), 6)
        const mark = box(text.indexOf('?'), 1)
        const its = box(text.indexOf('Its'), 3)
        return {
          markAfterName: Math.round((mark?.left ?? 0) - (name?.right ?? 0)),
          itsAfterMark: Math.round((its?.left ?? 0) - (mark?.right ?? 0)),
        }
      })
      expect(place.markAfterName).toBeGreaterThanOrEqual(0)
      expect(place.markAfterName).toBeLessThan(20)
      expect(place.itsAfterMark).toBeGreaterThanOrEqual(0)
      expect(place.itsAfterMark).toBeLessThan(20)
    } finally {
      await view.close()
    }
  } finally {
    await closeBrowser(browser)
    world.stop()
  }
}, 30000)
