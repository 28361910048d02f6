// The Signals page asks the server what the model is doing (GET /console/api/scorer, docs/console.md#the-signals-page)
// once a load, for whichever notice says it: a new team's checklist, a list with signals the embedded scorer judged,
// and a list of the model's own. The model server is down: a port nothing listens on.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import { launchBrowser, listenForBrowser, openPage, screenshot, signIn, stopConsole } from '../support/browser'
import { crmSignals } from '../support/crm-signals'
import { seedTeam, testDeps } from '../support/deps'
import { OWNER_PASSWORD, SIZES } from '../support/one-team-console'
import { REFUSED_ORIGIN } from '../support/refused'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let ws: Workspace
let deps: Deps

/** A team, its owner `NAME@NAME.test`, and its signals. */
async function team(name: string, signals: (teamId: string) => ReturnType<typeof crmSignals>) {
  const teamId = (await seedTeam(deps, { name })).team.id
  await addKeywords(deps, { teamId, keywords: ['crm'] })
  // Signal ids are the server's, not a team's: each team's own.
  await deps.repos.signals.insertMany(
    teamId,
    signals(teamId).map((s) => ({ ...s, id: `${name}_${s.id}` })),
  )
  await createUser(deps, { team: name, email: `${name}@${name}.test`, role: 'owner', password: OWNER_PASSWORD })
}

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({
    config: { database: { url: ws.dbUrl }, scorer: { backend: 'ollama', ollama: { host: REFUSED_ORIGIN } } },
    now: new Date().toISOString(),
  }))
  await team('fresh', () => [])
  await team('standin', (id) =>
    crmSignals(id, 2).map((s, i) =>
      i === 0 ? { ...s, reason: 'compares CRMs (scored by the rules scorer: the ollama scorer could not answer)' } : s,
    ),
  )
  await team('own', (id) => crmSignals(id, 2))
  await deps.scoring.checkModelServer()
  app = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

describe('the Signals page reads the scorer’s state once', () => {
  for (const [size, viewport] of SIZES)
    for (const [name, drawn] of [
      ['fresh', '.getting-started .checklist'],
      ['standin', 'ol.signals'],
      ['own', 'ol.signals'],
    ] as const)
      test(`${name}'s page (${size})`, async () => {
        const view = await openPage(browser, app?.origin as string, { viewport })
        const asked: string[] = []
        view.page.on('request', (r) => {
          if (new URL(r.url()).pathname === '/console/api/scorer') asked.push(r.url())
        })
        try {
          await signIn(view, `${name}@${name}.test`, OWNER_PASSWORD)
          await view.page.locator(drawn).waitFor()
          // The notice that says what the model does now, drawn under the list or checklist: a notice that read the
          // scorer again once those came (it did, as it moved) has its answer drawn by then.
          await view.page.locator('.notice', { hasText: 'has not been reachable since' }).waitFor()
          await view.page.waitForLoadState('networkidle')
          await screenshot(view.page, `scorer-asked-once-${name}-${size}`)
          expect(asked.length).toBe(1)
        } finally {
          await view.close()
        }
      })
})
