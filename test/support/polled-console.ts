// A team's console over fake platforms (fake-platforms.ts) that its polling passes search, with `signals` signals
// already stored (three by default, so its Signals page shows a list; none for a new team's Getting started): for
// the warning of sources that stopped answering (docs/console.md#sources-not-answering), where each pass is run at a
// time of the test's choosing.
import { afterAll } from 'bun:test'
import type { SearchPlatform } from '../../src/config/platform-names'
import { runPollPass } from '../../src/jobs/poll-pass'
import { crmSignals } from './crm-signals'
import { fakePlatforms, type FakePlatform } from './fake-platforms'
import { narrowPlan, oneTeamConsole } from './one-team-console'

export function polledConsole(platforms: (FakePlatform & SearchPlatform)[], signals = 3) {
  const world = fakePlatforms()
  afterAll(() => world.stop())
  const made = oneTeamConsole({
    team: 'acme',
    owner: 'ann@acme.test',
    plan: 'narrow',
    keywords: ['crm'],
    config: { ...narrowPlan(platforms), platforms: world.platformsConfig },
    seed: async (deps, teamId) => signals > 0 && deps.repos.signals.insertMany(teamId, crmSignals(teamId, signals)),
  })
  /** One polling pass at `at`, by the server's clock. */
  const passAt = async (at: Date) => {
    made.clock.set(at)
    await runPollPass(made.deps)
  }
  return { world, made, passAt }
}
