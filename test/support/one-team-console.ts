// The set-up most console tests share: one team on a database file, its owner who signs in, the console listening
// and Chromium, made before a file's tests and stopped after them.
import { afterAll, beforeAll } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import { launchBrowser, listenForBrowser, stopConsole } from './browser'
import { seedTeam, testDeps } from './deps'

export const OWNER_PASSWORD = 'correct horse battery'

export type OneTeamConsole = {
  browser: Browser
  app: ReturnType<typeof listenForBrowser>
  deps: Deps
  ws: Workspace
  teamId: string
}

/**
 * Registers the file's beforeAll and afterAll; the returned object holds what they made once the tests run. `seed`
 * adds the file's own rows for the team before the owner is made.
 */
export function oneTeamConsole(o: {
  team: string
  owner: string
  plan?: string
  seed?: (deps: Deps, teamId: string) => Promise<unknown>
}): OneTeamConsole {
  const made = {} as OneTeamConsole
  beforeAll(async () => {
    made.ws = createWorkspace()
    ;({ deps: made.deps } = await testDeps({
      config: { database: { url: made.ws.dbUrl } },
      now: new Date().toISOString(),
    }))
    const { team } = await seedTeam(made.deps, { name: o.team, plan: o.plan })
    made.teamId = team.id
    await o.seed?.(made.deps, team.id)
    await createUser(made.deps, { team: o.team, email: o.owner, role: 'owner', password: OWNER_PASSWORD })
    made.app = listenForBrowser(made.deps)
    made.browser = await launchBrowser()
  })
  afterAll(() => stopConsole(made))
  return made
}
