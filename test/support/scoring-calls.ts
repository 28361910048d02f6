import type { ConfigInput } from '../../src/config/schema'
import { type DeepPartial, seedTeam, testDeps } from './deps'
import { recordingLogger } from './log'

/**
 * The scoring service with `scorer` and a manual clock, for a model server that refuses calls: `score` a new post
 * each time, as polling scores them; `later` moves the clock on; `recorded` the log's lines.
 */
export async function scoringCalls(scorer: DeepPartial<ConfigInput['scorer']>) {
  const recorded = recordingLogger()
  const { deps, clock } = await testDeps({ config: { scorer }, deps: { log: recorded.log } })
  const { team } = await seedTeam(deps)
  let n = 0
  const score = () =>
    deps.scoring.score(team.id, { content: `We need a CRM this month (${n++}).`, keyword: 'crm', icps: [] })
  const later = (sec: number) => clock.set(new Date(clock.now().getTime() + sec * 1000))
  return { recorded, score, later }
}
