// docs/webhooks.md#the-delivery-log: an attempt that reached no receiver says why, as the network said it, so that a
// team can tell a receiver that is down (connection refused) from one whose TLS certificate this machine does not
// trust (a self-signed or expired one: the commonest first-day fault of a receiver of one's own).
import { afterAll, expect, test } from 'bun:test'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fetchOutbound } from '../../src/outbound/fetch-outbound'
import { OutboundError } from '../../src/outbound/public-address'

const dir = mkdtempSync(join(tmpdir(), 'outbound-tls-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const request = { method: 'POST' as const, body: '{}', timeoutMs: 5_000, maxBytes: 1_000 }
const allowed = { allowPrivate: true }

async function failure(url: string): Promise<string> {
  try {
    await fetchOutbound(new URL(url), allowed, request)
  } catch (err) {
    if (err instanceof OutboundError) return err.message
    throw err
  }
  throw new Error('expected the request to fail')
}

test('a port nothing listens on: the connection was refused', async () => {
  const gone = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('ok') })
  const { port } = gone
  gone.stop(true)
  expect(await failure(`http://127.0.0.1:${port}/hook`)).toBe('the connection failed (connection refused)')
})

test('a receiver with a self-signed certificate: the certificate is not trusted here, and how to trust one', async () => {
  const key = join(dir, 'key.pem')
  const cert = join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1'].concat([
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ]),
    { stdio: 'ignore' },
  )
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    tls: { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') },
    fetch: () => new Response(null, { status: 204 }),
  })
  try {
    const said = await failure(`https://127.0.0.1:${server.port}/hook`)
    expect(said).toStartWith("the connection failed: the receiver's TLS certificate is not trusted here (")
    expect(said).toContain('NODE_EXTRA_CA_CERTS')
  } finally {
    server.stop(true)
  }
})
