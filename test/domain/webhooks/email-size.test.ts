// docs/destinations.md#e-mail: Gmail clips a message whose HTML passes about 102 KB and hides the rest, the console
// and unsubscribe links with it. Fifty leads whose text is all markup (escaped, each < becomes &lt;) passed that.
import { describe, expect, test } from 'bun:test'
import { emailMessage } from '../../../src/domain/webhooks/email-message'
import type { Lead } from '../../../src/domain/webhooks/links'
import { signalRow } from '../../support/webhooks'

const links = { console: 'http://localhost:3000/#/signals', unsubscribe: 'http://localhost:3000/unsubscribe/tok' }
const leadOf = (preview: string, reason: string) =>
  ({ ...signalRow('team_1', { preview, reason }), contentFull: null, promptVersion: null }) as unknown as Lead

describe('the size of an e-mail', () => {
  test('leads of markup leave room for the footer: under 100 KB, the rest counted, the links there', () => {
    const hostile = '<a href="x">&</a>'.repeat(40)
    const leads = Array.from({ length: 50 }, () => leadOf(hostile, `"${'<&>'.repeat(150)}"`))
    const mail = emailMessage(leads, 50, links, { team: 'acme', heading: 'the last hour' })
    expect(Buffer.byteLength(mail.html)).toBeLessThan(100_000)
    const shown = mail.html.split('Open the post').length - 1
    expect(shown).toBeGreaterThan(10)
    expect(shown).toBeLessThan(50)
    expect(mail.html).toContain(`${50 - shown} more in the console.`)
    expect(mail.html).toContain('Unsubscribe</a>')
  })

  test('fifty ordinary leads are all listed', () => {
    const leads = Array.from({ length: 50 }, (_, i) =>
      leadOf(`We need a CRM for our agency, lead ${i}.`, 'Asks for a CRM.'),
    )
    const mail = emailMessage(leads, 50, links, { team: 'acme', heading: 'the last hour' })
    expect(mail.html.split('Open the post').length - 1).toBe(50)
    expect(mail.html).not.toContain('more in the console')
  })
})
