import { afterEach, describe, expect, test } from 'bun:test'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { replayDelivery } from '../../../src/domain/webhooks/deliveries'
import { createEndpoint, rotateSecret } from '../../../src/domain/webhooks/endpoints'
import { seedTeam, testDeps } from '../../support/deps'
import { deliverDue, deliveryRows, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

// docs/webhooks.md#verifying: the receiver of the docs' example, on node:http as Express runs it: the raw body as a
// Buffer (express.raw), Node's own lower-cased headers object, `wh.verify(body.toString('utf8'), req.headers)`, a
// repeat dropped by its webhook-id, 204 for everything taken.
function docsReceiver() {
  const key = { wh: undefined as Webhook | undefined }
  const seen = new Set<string>()
  const queued: { signal: { id: string; content: string }; team: { name: string } }[] = []
  const refused: string[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const headers: IncomingHttpHeaders = req.headers
      try {
        const event = (key.wh as Webhook).verify(
          Buffer.concat(chunks).toString('utf8'),
          headers as Record<string, string>,
        ) as {
          data: (typeof queued)[number]
        }
        const id = String(headers['webhook-id'])
        if (!seen.has(id)) queued.push(event.data)
        seen.add(id)
        res.writeHead(204).end()
      } catch (err) {
        refused.push((err as Error).message)
        res.writeHead(400).end()
      }
    })
  })
  const use = (secret: string) => {
    key.wh = new Webhook(secret)
  }
  return { server, queued, refused, use }
}

const servers: Server[] = []
afterEach(() => {
  for (const s of servers.splice(0)) s.close()
})

async function listening(r: ReturnType<typeof docsReceiver>) {
  servers.push(r.server)
  await new Promise<void>((done) => r.server.listen(0, '127.0.0.1', done))
  return `http://127.0.0.1:${(r.server.address() as AddressInfo).port}/hooks/leads`
}

async function world() {
  // standardwebhooks checks the timestamp against the real time: the clock runs from now.
  const { deps } = await testDeps({
    now: new Date().toISOString(),
    config: { webhooks: { allow_private_targets: true } },
  })
  const { team } = await seedTeam(deps)
  return { deps, team }
}

describe("the docs' verification example, run on real deliveries", () => {
  test('verifies a delivery whose text is not ASCII, takes its 204, and drops a replay by its webhook-id', async () => {
    const { deps, team } = await world()
    const r = docsReceiver()
    const made = await createEndpoint(deps, { teamId: team.id, input: endpointInput(await listening(r)) })
    r.use(made.secret)
    const text = 'Quel CRM pour 5 commerciaux ? 予算あり 🚀 — “quoted”'
    await storeSignals(deps, [signalRow(team.id, { preview: text, contentFull: text, author: 'Zoë' })])
    await deliverDue(deps)
    expect(r.refused).toEqual([])
    expect(r.queued.map((e) => [e.signal.content, e.team.name])).toEqual([[text, 'acme']])
    const [row] = await deliveryRows(deps)
    expect(row).toMatchObject({ status: 'succeeded', last_status_code: 204 })

    await replayDelivery(deps, { teamId: team.id, endpointId: made.endpoint.id, deliveryId: String(row.id) })
    await deliverDue(deps)
    expect(r.refused).toEqual([])
    expect(r.queued).toHaveLength(1)
  })

  test('during a rotation a receiver still holding the old secret verifies, as does one given the new one', async () => {
    const { deps, team } = await world()
    const r = docsReceiver()
    const made = await createEndpoint(deps, { teamId: team.id, input: endpointInput(await listening(r)) })
    const { secret: rotated } = await rotateSecret(deps, { teamId: team.id, id: made.endpoint.id })
    for (const [i, secret] of [made.secret, rotated].entries()) {
      r.use(secret)
      await storeSignals(deps, [signalRow(team.id)])
      await deliverDue(deps)
      expect(r.refused).toEqual([])
      expect(r.queued).toHaveLength(i + 1)
    }
  })

  test('a receiver given another secret refuses the delivery, which is then retried', async () => {
    const { deps, team } = await world()
    const r = docsReceiver()
    await createEndpoint(deps, { teamId: team.id, input: endpointInput(await listening(r)) })
    r.use(`whsec_${Buffer.alloc(32, 7).toString('base64')}`)
    await storeSignals(deps, [signalRow(team.id)])
    await deliverDue(deps)
    expect(r.queued).toEqual([])
    expect(r.refused).toHaveLength(1)
    expect((await deliveryRows(deps))[0]).toMatchObject({ status: 'pending', last_status_code: 400 })
  })
})
