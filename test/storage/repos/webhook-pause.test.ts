// docs/destinations.md#rate-limits: a destination whose receiver asked to be sent nothing for a while is paused until
// then; the claim takes none of its attempts before that time, a test send (claimOne) goes at once all the same, and
// a pause is only ever lengthened by a later answer, never shortened.
import { expect, test } from 'bun:test'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { seedTeam, testDeps } from '../../support/deps'
import { endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const S = 1000

async function world() {
  const { deps, clock } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const a = await seedTeam(deps, { name: 'paused' })
  const b = await seedTeam(deps, { name: 'other' })
  const paused = (await createEndpoint(deps, { teamId: a.team.id, input: endpointInput('http://127.0.0.1:9/a') }))
    .endpoint
  const other = (await createEndpoint(deps, { teamId: b.team.id, input: endpointInput('http://127.0.0.1:9/b') }))
    .endpoint
  await storeSignals(deps, [signalRow(a.team.id), signalRow(a.team.id), signalRow(b.team.id)])
  const repo = deps.repos.webhookDeliveries
  let n = 0
  const claim = (nowMs: number) => repo.claim({ claim: `c${++n}`, nowMs, claimMs: 30 * S, limit: 16, perEndpoint: 4 })
  return { deps, clock, paused, other, repo, claim }
}

test('the claim skips a destination paused past now, and takes its attempts once the pause has passed', async () => {
  const { deps, clock, paused, other, claim } = await world()
  const now = clock.now().getTime()
  await deps.repos.webhookEndpoints.pauseUntil(paused.id, now + 10 * S, 'asked to wait')
  const during = await claim(now + 10 * S - 1)
  expect(during.map((d) => d.endpointId)).toEqual([other.id])
  const after = await claim(now + 10 * S)
  expect(after.map((d) => d.endpointId)).toEqual([paused.id, paused.id])
})

test('a test send is claimed whatever the pause', async () => {
  const { deps, clock, paused, repo } = await world()
  const now = clock.now().getTime()
  await deps.repos.webhookEndpoints.pauseUntil(paused.id, now + 10 * S, 'asked to wait')
  const [first] = await repo.list(paused.id, { limit: 1 })
  const one = await repo.claimOne({ claim: 'test', nowMs: now, claimMs: 30 * S, id: first.id })
  expect(one.map((d) => d.id)).toEqual([first.id])
})

test('a shorter pause does not shorten a longer one already set', async () => {
  const { deps, clock, paused, claim } = await world()
  const now = clock.now().getTime()
  await deps.repos.webhookEndpoints.pauseUntil(paused.id, now + 60 * S, 'the longer wait')
  await deps.repos.webhookEndpoints.pauseUntil(paused.id, now + 5 * S, 'the shorter wait')
  const row = await deps.repos.webhookEndpoints.byIdAnyTeam(paused.id)
  expect([row?.pausedUntil, row?.pausedReason]).toEqual([now + 60 * S, 'the longer wait'])
  expect((await claim(now + 30 * S)).filter((d) => d.endpointId === paused.id)).toEqual([])
})
