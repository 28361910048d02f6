// docs/operations.md#logs: a polling pass sends one search per keyword to each platform within seconds. On a server
// without internet each of them logged its own platform_unreachable line, the same words every time: a team with 20
// keywords printed 20 identical warnings per platform every 15 minutes, the wall a new operator met on the terminal.
// A platform's unreachability is now told at most once a minute, the next line counting those left out (`unlogged`).
import { expect, test } from 'bun:test'
import { createLogger } from '../../../src/lib/log'
import { testDeps } from '../../support/deps'
import { REFUSED_ORIGIN } from '../../support/refused'

test('searches of a platform that cannot be reached: one line a minute at most, the next one counts the rest', async () => {
  const lines: Record<string, unknown>[] = []
  const log = createLogger((l) => lines.push(JSON.parse(l)))
  const config = { platforms: { hackernews: { base_url: REFUSED_ORIGIN, mode: 'search' } } } as never
  const { deps, clock } = await testDeps({ now: '2026-12-07T09:45:00.000Z', config, deps: { log } })
  const unreachable = () => lines.filter((l) => l.event === 'platform_unreachable')
  // A pass: three keywords.
  for (const keyword of ['crm', 'sales pipeline', 'lead scoring'])
    await deps.searches.search('hackernews', keyword, 10).catch((e) => e)
  expect(unreachable()).toEqual([
    expect.objectContaining({
      level: 'warn',
      platform: 'hackernews',
      err: expect.stringContaining('could not be reached'),
    }),
  ])
  expect(unreachable()[0]).not.toHaveProperty('unlogged')
  // The next pass, 15 minutes on: one line again, saying how many were left out since the last.
  clock.set('2026-12-07T10:00:00.000Z')
  for (const keyword of ['crm', 'sales pipeline', 'lead scoring'])
    await deps.searches.search('hackernews', keyword, 10).catch((e) => e)
  expect(unreachable()).toHaveLength(2)
  expect(unreachable()[1]).toMatchObject({ platform: 'hackernews', unlogged: 2 })
})
