// docs/destinations.md#e-mail, docs/webhooks.md#the-delivery-log: a destination whose receiver is down reads the same
// in the delivery log whether it is a webhook or an e-mail one: "the connection failed (connection refused)", the
// e-mail's after the SMTP its other failures start with; never the operator's SMTP host and port.
import { expect, test } from 'bun:test'
import { fetchOutbound } from '../../src/outbound/fetch-outbound'
import { OutboundError } from '../../src/outbound/public-address'
import { sendEmail } from '../../src/outbound/smtp'
import { REFUSED_ORIGIN, REFUSED_PORT } from '../support/refused'
import { PLAIN_MESSAGE as message } from '../support/smtp'

async function webhookFailure() {
  const request = { method: 'POST' as const, body: '{}', timeoutMs: 5_000, maxBytes: 1_000 }
  try {
    await fetchOutbound(new URL(`${REFUSED_ORIGIN}/hook`), { allowPrivate: true }, request)
  } catch (err) {
    if (err instanceof OutboundError) return err.message
    throw err
  }
  throw new Error('expected the request to fail')
}

test('an SMTP server that refuses the connection: the same words as a webhook receiver that does', async () => {
  const settings = {
    host: '127.0.0.1',
    port: REFUSED_PORT,
    security: 'none' as const,
    user: '',
    password: '',
    from: 'Lead Signals <leads@example.test>',
    verify_certificates: false,
  }
  const said = await webhookFailure()
  expect(said).toBe('the connection failed (connection refused)')
  const result = await sendEmail(settings, message, 5_000)
  expect(result).toMatchObject({ ok: false, code: null, error: `SMTP: ${said}` })
  expect(JSON.stringify(result)).not.toContain('127.0.0.1')
})
