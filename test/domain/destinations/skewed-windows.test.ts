import { afterAll, describe, expect, test } from 'bun:test'
import type { Deps } from '../../../src/deps'
import { addKeywords } from '../../../src/domain/keywords/keywords'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { createEndpoint, updateEndpoint } from '../../../src/domain/webhooks/endpoints'
import { runPollPass } from '../../../src/jobs/poll-pass'
import { seedTeam } from '../../support/deps'
import { fakePlatforms } from '../../support/fake-platforms'
import { SKEW_MS, skewedHosts } from '../../support/skewed-hosts'
import { endpointInput } from '../../support/webhooks'

// docs/destinations.md#exactly-once with several servers on one database whose clocks disagree by minutes
// (docs/operations.md#several-executables-on-sqld): a signal one server finds is never in a window another server
// built already, so some digest or e-mail batch to come holds it.
const world = fakePlatforms()
const hosts = skewedHosts({
  plans: { poller: { api_access: true, monthly_requests: 500, platforms: ['hackernews', 'reddit'] } },
  platforms: world.platformsConfig,
  // Only for e-mail destinations to be accepted: the windows are built here, nothing is sent.
  email: { host: '127.0.0.1', port: 9, security: 'none' },
})
afterAll(() => {
  world.stop()
  hosts.close()
})

// A keyword of each test's own, in the post: the fake platform is shared by the tests.
let made = 0
const buying = (keyword: string) =>
  `We are looking for a ${keyword} to replace our spreadsheets, can anyone recommend one? Budget approved.`

/** Where the destination's next window starts, and the found times of the team's signals (epoch ms). */
async function state(deps: Deps, endpointId: string) {
  const e = await deps.repos.webhookEndpoints.byIdAnyTeam(endpointId)
  const rs = await deps.database.client.execute('select detected_at from signals where imported = 0')
  return { windowFrom: Number(e?.windowFrom), found: rs.rows.map((r) => Date.parse(String(r.detected_at))) }
}

describe('digest windows between servers whose clocks disagree', () => {
  // E-mail batches: windows of a minute, where minutes of skew always tell.
  for (const [name, finderShift, builderShift] of [
    ['a server behind finds, one on time builds', -SKEW_MS, 0],
    ['a server on time finds, one ahead builds', 0, SKEW_MS],
    ['a server behind finds, one ahead builds', -SKEW_MS, SKEW_MS],
  ] as const)
    for (const cadence of ['instant'] as const)
      test(`${name}: the signal is in a window to come (${cadence} e-mail)`, async () => {
        const [finder, builder] = await hosts.open(finderShift, builderShift)
        const { team } = await seedTeam(finder, { plan: 'poller' })
        const keyword = `crm${++made}`
        await addKeywords(finder, { teamId: team.id, keywords: [keyword] })
        const input = endpointInput('', { kind: 'email', url: null, to: 'sales@example.com', cadence })
        const { endpoint } = await createEndpoint(finder, { teamId: team.id, input })
        // Its first window starts a quarter of an hour ago, so that the builder has windows to build.
        await finder.database.client.execute({
          sql: 'update webhook_endpoints set window_from = ? where id = ?',
          args: [Date.now() - 15 * 60_000, endpoint.id],
        })

        await buildDueWindows(builder)
        // No window is built that has not ended, and settled, by the database's clock (here the real time).
        expect((await state(builder, endpoint.id)).windowFrom).toBeLessThanOrEqual(Date.now())

        const at = new Date(Date.now() - 60_000).toISOString()
        world.add('hackernews', keyword, { id: keyword, author: 'ann', text: buying(keyword), at })
        expect((await runPollPass(finder)).outcome).toBe('completed')
        await buildDueWindows(builder)
        const after = await state(builder, endpoint.id)
        expect(after.found).toHaveLength(1)
        // Windows follow each other from windowFrom on: a signal found before it is in none of them.
        for (const found of after.found) expect(found).toBeGreaterThanOrEqual(after.windowFrom)
      })

  for (const [name, change] of [
    ['added', null],
    ['enabled again', { enabled: true }],
  ] as const)
    test(`a destination ${name} by a server ahead: a signal found after it by a server on time is in a window to come`, async () => {
      const [finder, ahead] = await hosts.open(0, SKEW_MS)
      const { team } = await seedTeam(finder, { plan: 'poller' })
      const keyword = `crm${++made}`
      await addKeywords(finder, { teamId: team.id, keywords: [keyword] })
      const input = endpointInput('', { kind: 'email', url: null, to: 'sales@example.com', enabled: !change })
      const { endpoint } = await createEndpoint(change ? finder : ahead, { teamId: team.id, input })
      if (change) await updateEndpoint(ahead, { teamId: team.id, id: endpoint.id, change })
      // Its first window starts when it was added (or enabled) by the database's clock, not in the ahead server's
      // future.
      expect((await state(ahead, endpoint.id)).windowFrom).toBeLessThanOrEqual(Date.now())

      world.add('hackernews', keyword, {
        id: keyword,
        author: 'ann',
        text: buying(keyword),
        at: new Date().toISOString(),
      })
      expect((await runPollPass(finder)).outcome).toBe('completed')
      const after = await state(ahead, endpoint.id)
      expect(after.found).toHaveLength(1)
      for (const found of after.found) expect(found).toBeGreaterThanOrEqual(after.windowFrom)
    })
})
