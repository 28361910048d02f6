// docs/destinations.md#e-mail: an e-mail destination's address goes into the SMTP envelope (RCPT TO) and every listing
// of the team's destinations. Its local part took any character but spaces and the address's own punctuation: an
// escape sequence or a right-to-left override in it was kept, sent to the SMTP server in the envelope and shown as
// written. A user's sign-in address refuses them (domain/users/users.ts); a destination's, and the configured
// sender's, now do too.
import { expect, test } from 'bun:test'
import { isEmailAddress, isSender } from '../../src/lib/email-address'

test('an address holding a control or direction character is no address', () => {
  for (const hidden of ['\u001b', '\u0007', '\u007f', '\u009b', '\u202e', '\u2066', '\u061c', '\u200f']) {
    const address = `sales${hidden}team@example.com`
    expect({ address, ok: isEmailAddress(address) }).toEqual({ address, ok: false })
    expect({ address, ok: isSender(`Lead Signals <${address}>`) }).toEqual({ address, ok: false })
  }
})

test('addresses as people type them still pass, other scripts in the local part too', () => {
  for (const address of [
    'sales@example.com',
    'anna.müller+leads@example.de',
    'ventes_équipe@example.fr',
    'מכירות@example.co.il',
  ])
    expect({ address, ok: isEmailAddress(address) }).toEqual({ address, ok: true })
  expect(isSender('Lead Signals <leads@example.com>')).toBe(true)
})
