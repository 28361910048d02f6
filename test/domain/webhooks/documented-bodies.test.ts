// docs/webhooks.md#the-body and docs/people.md#person-updated: a receiver is written from the examples the documents
// show. Every event a `webhook` destination receives is shown there as JSON, and the real body has the same fields,
// no more and no fewer, at every level: a digest (signals.digest) had no example at all, so a receiver could not know
// that its leads come in `data.signals` with the window and their count beside them.
import { describe, expect, test } from 'bun:test'
import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setHeatThreshold } from '../../../src/domain/people/people'
import { sendTestEvent } from '../../../src/domain/webhooks/deliveries'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest, type Received } from '../../support/fake-upstream'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()
const DOCS = join(import.meta.dir, '../../../docs')

/** The JSON examples of events in a document, by their `type`. */
function documentedEvents(file: string): Map<string, unknown> {
  const blocks = readFileSync(join(DOCS, file), 'utf8').match(/```json\n[\s\S]*?```/g) ?? []
  const events = blocks
    .map((b) => JSON.parse(b.slice('```json\n'.length, -3)))
    .filter((j) => typeof j?.type === 'string')
  return new Map(events.map((e) => [e.type, e]))
}

/** Every field's path, an array's items as `[]`: the shape a receiver reads, whatever the values. */
function fieldPaths(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.length === 0 ? [`${at}[]`] : fieldPaths(value[0], `${at}[]`)
  if (typeof value !== 'object' || value === null) return [at]
  return Object.entries(value).flatMap(([k, v]) => fieldPaths(v, at ? `${at}.${k}` : k))
}

/** What docs/webhooks.md#verifying tells a receiver to do, by hand: HMAC-SHA256 of `id.timestamp.body`. */
function verifiedByTheTable(secret: string, req: Received): unknown {
  const id = req.headers.get('webhook-id')
  const timestamp = Number(req.headers.get('webhook-timestamp'))
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
  const expected = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${req.body}`).digest('base64')}`
  expect(req.headers.get('webhook-signature')?.split(' ')).toContain(expected)
  expect(Math.abs(Date.now() / 1000 - timestamp)).toBeLessThan(300)
  return JSON.parse(req.body)
}

describe('each event a webhook receives has the fields its documented example shows', () => {
  const documented = new Map([...documentedEvents('webhooks.md'), ...documentedEvents('people.md')])

  test('signal.created, signals.digest and person.updated', async () => {
    // A signal found 2.5 hours ago, so that its hourly window has ended now; the clock then runs from now, since the
    // receiver checks the timestamp against its own clock.
    const { deps, clock } = await testDeps({
      now: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      config: { webhooks: { allow_private_targets: true } },
    })
    const { team } = await seedTeam(deps)
    const r = receiver(() => new Response(null, { status: 204 }))
    const secrets = new Map<string, string>()
    const settings = {
      '/instant': {},
      '/digest': { cadence: 'hourly' },
      '/people': { event: 'person.updated' },
    } as const
    for (const [path, a] of Object.entries(settings)) {
      const made = await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${r.origin}${path}`, a) })
      secrets.set(path, made.secret)
    }
    await setHeatThreshold(deps, team.id, 1)
    const detectedAt = new Date(Date.now() - 2.5 * 3_600_000).toISOString()
    await storeSignals(deps, [signalRow(team.id, { detectedAt, icpMatch: 'SaaS founders' })])
    clock.set(new Date().toISOString())
    expect(await buildDueWindows(deps)).toBe(1)
    expect(await deliverDue(deps)).toBe(3)

    const received = r.received.map((req) => verifiedByTheTable(secrets.get(req.url.pathname) as string, req))
    const types = received.map((body) => (body as { type: string }).type).sort()
    expect(types).toEqual(['person.updated', 'signal.created', 'signals.digest'])
    for (const body of received) {
      const type = (body as { type: string }).type
      expect({ type, fields: fieldPaths(documented.get(type)).sort() }).toEqual({
        type,
        fields: fieldPaths(body).sort(),
      })
    }
  })
})

describe("an event's timestamp (docs/webhooks.md#the-body, docs/people.md#person-updated)", () => {
  test("person.updated and webhook.test keep their event's time on a retry; the header has the attempt's", async () => {
    const { deps, clock } = await testDeps({
      now: new Date().toISOString(),
      config: { webhooks: { allow_private_targets: true } },
    })
    const { team } = await seedTeam(deps)
    let answers = 0
    const r = receiver(() => new Response(null, { status: answers++ < 2 ? 503 : 204 }))
    const made = await createEndpoint(deps, {
      teamId: team.id,
      input: endpointInput(`${r.origin}/people`, { event: 'person.updated' }),
    })
    await setHeatThreshold(deps, team.id, 1)
    const crossedAt = clock.now().toISOString()
    await storeSignals(deps, [signalRow(team.id)])
    await sendTestEvent(deps, { teamId: team.id, endpointId: made.endpoint.id })
    await deliverDue(deps)
    expect(r.received).toHaveLength(2)
    clock.set(new Date(clock.now().getTime() + 60_000).toISOString())
    expect(await deliverDue(deps)).toBe(2)
    const sent = r.received.map((req) => ({
      header: Number(req.headers.get('webhook-timestamp')),
      body: verifiedByTheTable(made.secret, req) as { type: string; timestamp: string },
    }))
    for (const type of ['person.updated', 'webhook.test']) {
      const [first, retry] = sent.filter((s) => s.body.type === type)
      expect(retry.body.timestamp).toBe(first.body.timestamp)
      expect(retry.header - first.header).toBeGreaterThanOrEqual(60)
    }
    expect(sent.find((s) => s.body.type === 'person.updated')?.body.timestamp).toBe(crossedAt)
  })
})
