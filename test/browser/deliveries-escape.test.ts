// A destination's delivery log (docs/console.md#webhooks) closes on Escape, as the phone's menu, a question asked
// in place and the ICP form do, and the keyboard goes back to the Deliveries button that opened it. Escape did
// nothing: a keyboard user had to Tab back up past every Replay to close it.
import { afterAll, describe, expect, test } from 'bun:test'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { openPage, signIn } from '../support/browser'
import { fakeUpstream } from '../support/fake-upstream'
import { focused, focusSettlesOn } from '../support/focus'
import { OWNER_PASSWORD, oneTeamConsole, SIZES } from '../support/one-team-console'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../support/webhooks'

// A receiver that takes every delivery (docs/webhooks.md: any 2xx is a success), so the log has rows to Replay.
const receiver = fakeUpstream(() => new Response('ok'))
const url = `${receiver.origin}/hooks`
const con = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  config: { webhooks: { allow_private_targets: true } },
  seed: async (deps, teamId) => {
    await createEndpoint(deps, { teamId, input: endpointInput(url) })
    await storeSignals(deps, [signalRow(teamId, { id: 'sig_esc', postId: 'esc' })])
    await deliverDue(deps)
  },
})
afterAll(() => receiver.stop())

describe('the delivery log and Escape', () => {
  for (const [size, viewport] of SIZES)
    test(`Escape in the log or on its button closes it, the keyboard on Deliveries (${size})`, async () => {
      const view = await openPage(con.browser, con.app.origin, { viewport })
      const { page } = view
      try {
        await signIn(view, con.owner, OWNER_PASSWORD, '/#/webhooks')
        const button = page.getByRole('button', { name: `Deliveries of ${url}` })
        const log = page.getByRole('table', { name: 'Deliveries' })
        await button.focus()
        await page.keyboard.press('Enter')
        const replay = log.getByRole('button', { name: /^Replay / })
        await replay.waitFor()
        // In the log, on its Replay: Escape closes it and the keyboard is back where it opened it.
        await replay.focus()
        await page.keyboard.press('Escape')
        await log.waitFor({ state: 'detached', timeout: 3000 })
        await focusSettlesOn(page, `BUTTON Deliveries of ${url}`)
        expect(await button.getAttribute('aria-expanded')).toBe('false')
        // Opened again and Escape at once, on the button itself.
        await page.keyboard.press('Enter')
        await replay.waitFor()
        await page.keyboard.press('Escape')
        await log.waitFor({ state: 'detached', timeout: 3000 })
        expect(await focused(page)).toBe(`BUTTON Deliveries of ${url}`)
      } finally {
        await view.close()
      }
    })
})
