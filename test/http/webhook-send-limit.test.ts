import { expect, test } from 'bun:test'
import { client } from '../support/http'
import { fakesPerTest } from '../support/fake-upstream'
import { seedTeam, testDeps } from '../support/deps'
import { deliverDue, signalRow, storeSignals } from '../support/webhooks'

// docs/webhooks.md#testing: a test event and a replay are sends a caller asks for, so a key holder could otherwise
// make this server send a stream of requests to someone else's URL. Each receiver takes 10 of them a minute.
const receiver = fakesPerTest()

async function world() {
  const { deps, clock } = await testDeps({
    now: '2026-11-15T12:00:00.000Z',
    config: { webhooks: { allow_private_targets: true } },
  })
  const { team, apiKey } = await seedTeam(deps)
  return { deps, clock, team, key: apiKey, call: client(deps) }
}

test('the 11th test or replay for one receiver in a minute is 429 with Retry-After and sends nothing', async () => {
  const { deps, clock, team, key, call } = await world()
  const r = receiver(() => new Response('ok'))
  const id = (await call('POST', '/api/v1/webhooks', { key, body: { url: `${r.origin}/hook` } })).body.endpoint.id
  await storeSignals(deps, [signalRow(team.id)])
  await deliverDue(deps)
  const [delivery] = (await call('GET', `/api/v1/webhooks/${id}/deliveries`, { key })).body.deliveries
  const sent = r.received.length

  for (let i = 0; i < 5; i++) expect((await call('POST', `/api/v1/webhooks/${id}/test`, { key })).status).toBe(200)
  clock.set('2026-11-15T12:00:20.000Z')
  for (let i = 0; i < 5; i++) {
    const replayed = await call('POST', `/api/v1/webhooks/${id}/deliveries/${delivery.id}/replay`, { key })
    expect(replayed.status).toBe(200)
  }
  const tooMany = await call('POST', `/api/v1/webhooks/${id}/test`, { key })
  expect(tooMany.status).toBe(429)
  expect(tooMany.headers.get('retry-after')).toBe('40')
  expect(tooMany.body).toEqual({
    error: {
      code: 'too_many_sends',
      message:
        "this destination's receiver was sent 10 test events or replays in the last minute, the most this server sends on request; try again in 40 seconds",
    },
  })
  const replay = await call('POST', `/api/v1/webhooks/${id}/deliveries/${delivery.id}/replay`, { key })
  expect(replay.status).toBe(429)
  expect(r.received.length).toBe(sent + 5)

  // Another destination of the same receiver shares its limit; a refused call is not counted.
  const twin = (await call('POST', '/api/v1/webhooks', { key, body: { url: `${r.origin}/hook` } })).body.endpoint.id
  expect((await call('POST', `/api/v1/webhooks/${twin}/test`, { key })).status).toBe(429)

  // The first five leave the window a minute after they were sent.
  clock.set('2026-11-15T12:01:00.000Z')
  expect((await call('POST', `/api/v1/webhooks/${twin}/test`, { key })).status).toBe(200)
  const other = receiver(() => new Response('ok'))
  const elsewhere = (await call('POST', '/api/v1/webhooks', { key, body: { url: other.origin } })).body.endpoint.id
  expect((await call('POST', `/api/v1/webhooks/${elsewhere}/test`, { key })).status).toBe(200)
})

test('a refused call does not use the limit: an unknown delivery, a disabled destination', async () => {
  const { key, call } = await world()
  const r = receiver(() => new Response('ok'))
  const id = (await call('POST', '/api/v1/webhooks', { key, body: { url: r.origin } })).body.endpoint.id
  for (let i = 0; i < 12; i++)
    expect((await call('POST', `/api/v1/webhooks/${id}/deliveries/msg_nope/replay`, { key })).status).toBe(404)
  await call('PATCH', `/api/v1/webhooks/${id}`, { key, body: { enabled: false } })
  for (let i = 0; i < 12; i++) expect((await call('POST', `/api/v1/webhooks/${id}/test`, { key })).status).toBe(400)
  await call('PATCH', `/api/v1/webhooks/${id}`, { key, body: { enabled: true } })
  expect((await call('POST', `/api/v1/webhooks/${id}/test`, { key })).status).toBe(200)
})
