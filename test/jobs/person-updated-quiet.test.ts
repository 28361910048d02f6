// docs/destinations.md#quiet-hours: from `from` to `to` nothing is sent; what comes meanwhile is held and sent when
// they end. A person.updated destination (docs/people.md#person-updated) may have quiet hours like any other: the
// event of a person turning hot at 18:30 in quiet hours of 18 to 20 is held until 20:00, not sent at once.
import { expect, test } from 'bun:test'
import { addIcp } from '../../src/domain/icps/icps'
import { createEndpoint, updateEndpoint } from '../../src/domain/webhooks/endpoints'
import { runPollPass } from '../../src/jobs/poll-pass'
import { buying, DAY, peoplePasses } from '../support/people-passes'
import { deliverDue, deliveryRows, endpointInput } from '../support/webhooks'

test('a person turning hot in quiet hours is announced when they end, or at once when they are turned off', async () => {
  const { deps, clock, world, teamId } = await peoplePasses()
  await addIcp(deps, { teamId, name: 'Small sales teams', description: 'teams replacing spreadsheets with a CRM' })
  const { endpoint } = await createEndpoint(deps, {
    teamId,
    input: endpointInput('https://93.184.215.14/crm', { event: 'person.updated', quietHours: { from: 18, to: 20 } }),
  })
  world.add('hackernews', 'crm', { id: 'h1', author: 'ann', text: buying(1), at: '2026-11-16T06:30:00.000Z' })
  clock.set(new Date(Date.parse('2026-11-16T18:30:00.000Z') - DAY))
  clock.set(new Date(clock.now().getTime() + DAY))
  await runPollPass(deps)
  // The team's one destination is the person.updated one: each of its deliveries is such an event.
  const announced = () => deliveryRows(deps)
  expect(await announced()).toHaveLength(1)

  expect(await deliverDue(deps)).toBe(1) // claimed, and held until 20:00 without an attempt
  const [held] = await announced()
  expect(Number(held?.attempts)).toBe(0)
  expect(held?.status).toBe('pending')
  expect(Number(held?.next_attempt_at)).toBe(Date.parse('2026-11-16T20:00:00.000Z'))

  // Quiet hours turned off: what was held goes at once, as a held signal does.
  await updateEndpoint(deps, { teamId, id: endpoint.id, change: { quietHours: null } })
  expect(Number((await announced())[0]?.next_attempt_at)).toBe(clock.now().getTime())
})
