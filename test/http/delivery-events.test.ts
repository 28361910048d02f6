// docs/webhooks.md#the-delivery-log: the log answers each delivery's event. The OpenAPI document names every event a
// log can hold, so that a client generated from it (docs/api.md) reads a person.updated endpoint's log: the schema
// said "signal.created, signals.digest or webhook.test", and a person.updated delivery was none of them.
import { expect, test } from 'bun:test'
import { setHeatThreshold } from '../../src/domain/people/people'
import { buildDueWindows } from '../../src/domain/webhooks/digests'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'
import { endpointInput, signalRow, storeSignals } from '../support/webhooks'

test("every event a delivery log answers is one the OpenAPI document's Delivery lists", async () => {
  const { deps, clock } = await testDeps({
    now: '2026-11-15T11:00:00.000Z',
    config: { webhooks: { allow_private_targets: true } },
  })
  const { team, apiKey } = await seedTeam(deps)
  const call = client(deps)
  const ids: string[] = []
  for (const a of [{}, { cadence: 'hourly' }, { event: 'person.updated' }] as const) {
    const made = await createEndpoint(deps, { teamId: team.id, input: endpointInput('http://127.0.0.1:9/hook', a) })
    ids.push(made.endpoint.id)
  }
  await setHeatThreshold(deps, team.id, 1)
  await storeSignals(deps, [signalRow(team.id, { detectedAt: '2026-11-15T11:10:00.000Z' })])
  clock.set('2026-11-15T12:05:00.000Z')
  expect(await buildDueWindows(deps)).toBe(1)
  expect((await call('POST', `/api/v1/webhooks/${ids[0]}/test`, { key: apiKey })).status).toBe(200)

  const answered = new Set<string>()
  for (const id of ids) {
    const log = await call('GET', `/api/v1/webhooks/${id}/deliveries`, { key: apiKey })
    expect(log.status).toBe(200)
    for (const d of log.body.deliveries) answered.add(d.event)
  }
  expect([...answered].sort()).toEqual(['person.updated', 'signal.created', 'signals.digest', 'webhook.test'])

  const spec = (await call('GET', '/swagger/json')).body
  const answer = spec.paths['/api/v1/webhooks/{id}/deliveries'].get.responses['200'].content['application/json'].schema
  const event = answer.properties.deliveries.items.properties.event
  expect([...(event.enum ?? [])].sort()).toEqual([...answered].sort())
})
