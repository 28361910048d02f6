import { expect } from 'bun:test'
import type { ConfigInput } from '../../src/config/schema'
import { type DeepPartial, seedTeam, testDeps } from './deps'
import { recordingLogger } from './log'

/**
 * The scoring service of `serve` with `scorer` (scorer.timeout_ms 200 unless given), past a start-up check that found
 * the model server: `score` a new post each time, as polling scores them; `events` the log's lines so far.
 */
export async function servingScorer(scorer: DeepPartial<ConfigInput['scorer']>) {
  const recorded = recordingLogger()
  const { deps, clock } = await testDeps({
    config: { scorer: { timeout_ms: 200, ...scorer } },
    deps: { log: recorded.log },
  })
  const { team } = await seedTeam(deps)
  let n = 0
  const score = () =>
    deps.scoring.score(team.id, { content: `Our team needs a CRM this month (${n++}).`, keyword: 'crm', icps: [] })
  expect(await deps.scoring.checkModelServer()).toBe(true)
  const events = () => recorded.lines.map((l) => l.event)
  return { score, events, clock, recorded }
}
