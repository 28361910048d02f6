// docs/destinations.md#e-mail: without `from`, the sender is lead-signals@ the SMTP host; for a host given as an IP
// address that is an address literal (RFC 5321 §4.1.3), `lead-signals@[192.0.2.1]`, not the invalid `@192.0.2.1`.
import { describe, expect, test } from 'bun:test'
import { senderDomain, senderOf, sendEmail } from '../../src/outbound/smtp'
import { smtpPerTest } from '../support/smtp'

const smtp = smtpPerTest()
const settings = (host: string) =>
  ({
    host,
    port: 25,
    security: 'none',
    user: '',
    password: '',
    from: '',
    verify_certificates: true,
  }) as Parameters<typeof senderOf>[0]

describe('the default sender', () => {
  test('names a host name as is, and an IP address as an address literal', () => {
    expect(senderOf(settings('smtp.example.com'))).toBe('lead-signals@smtp.example.com')
    expect(senderOf(settings('192.0.2.1'))).toBe('lead-signals@[192.0.2.1]')
    expect(senderOf(settings('2001:db8::1'))).toBe('lead-signals@[IPv6:2001:db8::1]')
    expect(senderOf(settings('[2001:db8::1]'))).toBe('lead-signals@[IPv6:2001:db8::1]')
    expect(senderDomain(settings('192.0.2.1'))).toBe('[192.0.2.1]')
    // A configured sender is kept.
    expect(senderOf({ ...settings('192.0.2.1'), from: 'leads@example.com' })).toBe('leads@example.com')
  })

  test('goes out as the envelope sender and the From header through a relay reached by its IP address', async () => {
    const server = await smtp({ noStartTls: true })
    const result = await sendEmail(
      { ...server.emailConfig, from: '' },
      { to: 'sales@example.com', subject: 's', html: '<p>x</p>', text: 'x', headers: {}, messageId: '<m@x>' },
    )
    expect(result.ok).toBe(true)
    expect(server.received[0]?.from).toBe('lead-signals@[127.0.0.1]')
    expect(server.received[0]?.mail.from?.value[0]?.address).toBe('lead-signals@[127.0.0.1]')
  })
})
