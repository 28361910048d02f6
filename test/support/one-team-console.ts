// The set-up most console tests share: one team on a database file, its owner who signs in, the console listening
// and Chromium, made before a file's tests and stopped after them.
import { afterAll, beforeAll, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import type { SearchPlatform } from '../../src/config/platform-names'
import type { ConfigInput } from '../../src/config/schema'
import type { Deps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import { launchBrowser, listenForBrowser, openPage, signIn, stopConsole } from './browser'
import { type DeepPartial, seedTeam, testDeps } from './deps'

export const OWNER_PASSWORD = 'correct horse battery'

export type OneTeamConsole = {
  browser: Browser
  app: ReturnType<typeof listenForBrowser>
  deps: Deps
  ws: Workspace
  teamId: string
  owner: string
  /** The server's clock, frozen at the start; a test sets it to run a pass at another time. */
  clock: Awaited<ReturnType<typeof testDeps>>['clock']
}

/**
 * Registers the file's beforeAll and afterAll; the returned object holds what they made once the tests run. `seed`
 * adds the file's own rows for the team before the owner is made.
 */
export function oneTeamConsole(o: {
  team: string
  owner: string
  plan?: string
  /** Configuration besides the database's, e.g. a plan of the file's own. */
  config?: DeepPartial<ConfigInput>
  seed?: (deps: Deps, teamId: string) => Promise<unknown>
  /** The team's tracked keywords: the Sources page lists as in use only what one of them is searched on. */
  keywords?: string[]
}): OneTeamConsole {
  const made = { owner: o.owner } as OneTeamConsole
  beforeAll(async () => {
    made.ws = createWorkspace()
    ;({ deps: made.deps, clock: made.clock } = await testDeps({
      config: { ...o.config, database: { url: made.ws.dbUrl } },
      now: new Date().toISOString(),
    }))
    const { team } = await seedTeam(made.deps, { name: o.team, plan: o.plan })
    made.teamId = team.id
    if (o.keywords) await addKeywords(made.deps, { teamId: team.id, keywords: o.keywords })
    await o.seed?.(made.deps, team.id)
    await createUser(made.deps, { team: o.team, email: o.owner, role: 'owner', password: OWNER_PASSWORD })
    made.app = listenForBrowser(made.deps)
    made.browser = await launchBrowser()
  })
  afterAll(() => stopConsole(made))
  return made
}

/** Configuration with a plan named `narrow` that includes only `platforms`, for a team on `plan: 'narrow'`. */
export const narrowPlan = (platforms: SearchPlatform[]): DeepPartial<ConfigInput> => ({
  plans: {
    narrow: { api_access: true, monthly_requests: 100, monthly_credits: 0, any_keyword: false, platforms },
  },
})

/** A laptop's and a phone's window, the two sizes every console page is checked at. */
export const SIZES = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const

/** `name` as one test per size, each on a page of its own where the owner signed in; the page is closed after it. */
export function atBothSizes(made: OneTeamConsole, name: string, body: (page: Page, size: string) => Promise<void>) {
  for (const [size, viewport] of SIZES)
    test(`${name} (${size})`, async () => {
      const view = await openPage(made.browser, made.app.origin, { viewport })
      try {
        await signIn(view, made.owner, OWNER_PASSWORD)
        await body(view.page, size)
      } finally {
        await view.close()
      }
    })
}
