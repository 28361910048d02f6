// Webhooks from the built executable (docs/webhooks.md): an endpoint added over the API, a test event signed with
// node:crypto inside the executable and verified here with the standardwebhooks library, and the delivery worker
// retrying it after the receiver first refused. Run after `npm run build`.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fakeUpstream } from '../support/fake-upstream'
import { verified } from '../support/webhooks'
import { type Server, startServer, stopServer } from './serve'

const BINARY = resolve(import.meta.dir, '../../dist/lead-signals')
setDefaultTimeout(30_000)

describe('webhooks from the built executable', () => {
  let dir: string
  let server: Server
  const answers = [503]
  const receiver = fakeUpstream(() => new Response('', { status: answers.shift() ?? 200 }))

  beforeAll(async () => {
    if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing; run \`npm run build\` first`)
    dir = mkdtempSync(join(tmpdir(), 'lead-signals-webhooks-smoke-'))
    server = await startServer([BINARY, 'serve', '--demo'], dir, {
      LEAD_SIGNALS_POLLING_ENABLED: 'false',
      LEAD_SIGNALS_WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
    })
  })

  afterAll(() => {
    if (server) stopServer(server.proc)
    receiver.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  test('a test event refused once is retried by the worker 5 s later; both attempts verify', async () => {
    const call = (method: string, path: string, body?: unknown) =>
      fetch(server.url + path, {
        method,
        headers: { 'x-api-key': server.apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      })
    const made = await call('POST', '/api/v1/webhooks', { url: `${receiver.origin}/hook` })
    expect(made.status).toBe(201)
    const { endpoint, secret } = (await made.json()) as { endpoint: { id: string }; secret: string }
    const tested = await call('POST', `/api/v1/webhooks/${endpoint.id}/test`)
    expect(((await tested.json()) as { lastStatusCode: number }).lastStatusCode).toBe(503)
    const deadline = Date.now() + 15_000
    while (receiver.received.length < 2 && Date.now() < deadline) await Bun.sleep(100)
    expect(receiver.received).toHaveLength(2)
    for (const req of receiver.received) expect(verified(secret, req)).toMatchObject({ type: 'webhook.test' })
    const log = await call('GET', `/api/v1/webhooks/${endpoint.id}/deliveries`)
    const [d] = ((await log.json()) as { deliveries: { status: string; attempts: number }[] }).deliveries
    expect(d).toMatchObject({ status: 'succeeded', attempts: 2 })
  })
})
