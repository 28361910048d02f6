import { afterAll, describe, expect, test } from 'bun:test'
import { createServer, type Socket } from 'node:net'
import { sendEmail } from '../../src/outbound/smtp'
import { PLAIN_MESSAGE as message } from '../support/smtp'

// A relay that follows RFC 5321 but takes REPLY_MS before each reply (a busy relay, one that scans as it goes): each
// step is well inside nodemailer's per-step timeouts, yet the whole conversation is long.
const REPLY_MS = 300
const seen: string[] = []
const server = createServer((socket: Socket) => {
  let inData = false
  let buffered = ''
  const reply = (line: string) => setTimeout(() => socket.writable && socket.write(`${line}\r\n`), REPLY_MS)
  reply('220 slow.example.test ESMTP')
  socket.on('data', (chunk) => {
    buffered += chunk.toString('latin1')
    if (inData) {
      if (!buffered.includes('\r\n.\r\n')) return
      inData = false
      buffered = ''
      seen.push('MESSAGE')
      return reply('250 2.0.0 queued')
    }
    let end = buffered.indexOf('\r\n')
    while (end >= 0) {
      const command = buffered.slice(0, end).toUpperCase()
      buffered = buffered.slice(end + 2)
      seen.push(command.split(/[ :]/)[0] as string)
      if (command.startsWith('EHLO')) reply('250 slow.example.test')
      else if (command.startsWith('DATA')) {
        inData = true
        reply('354 go ahead')
      } else if (command.startsWith('QUIT')) reply('221 bye')
      else reply('250 ok')
      end = buffered.indexOf('\r\n')
    }
  })
  socket.on('error', () => {})
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const settings = {
  host: '127.0.0.1',
  port: (server.address() as { port: number }).port,
  security: 'none' as const,
  user: '',
  password: '',
  from: 'Lead Signals <leads@example.test>',
  verify_certificates: false,
}

describe('an e-mail attempt has one time limit for the whole conversation (docs/webhooks.md#retries)', () => {
  test('a relay slow at every step fails the attempt at the limit, before the message is handed over', async () => {
    const started = performance.now()
    const result = await sendEmail(settings, message, 1_000)
    const took = performance.now() - started
    expect(result).toEqual({ ok: false, code: null, error: 'SMTP no answer in time' })
    expect(took).toBeLessThan(1_600)
    await Bun.sleep(2 * REPLY_MS)
    expect(seen).not.toContain('MESSAGE')
  })

  test('the same relay within the limit takes the message', async () => {
    seen.length = 0
    const result = await sendEmail(settings, message, 10_000)
    expect(result).toMatchObject({ ok: true, code: 250 })
    expect(seen).toContain('MESSAGE')
  })
})
