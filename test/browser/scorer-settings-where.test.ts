// Where the scorer's settings are changed, as a team's owner reads it in the console (docs/console.md#settings), in
// Chromium at a laptop's and a phone's width, on a new team's site whose model server is not running (a port nothing
// listens on, as test/support/refused.ts says). The notice said "check its address in the [scorer] settings": the
// console's Settings page has a Scorer section, where no address can be changed, and nothing said that the setting
// lives in the server's configuration file.
import { describe, expect } from 'bun:test'
import { navigateTo, screenshot } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'
import { REFUSED_ORIGIN } from '../support/refused'

const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  plan: 'growth',
  config: { scorer: { backend: 'ollama', ollama: { host: REFUSED_ORIGIN } } },
  // As serve does at start: the model server is checked once, and found down.
  seed: (deps) => deps.scoring.checkModelServer(),
})

const WHERE = 'start it, or correct its address: scorer.ollama.host in this server’s configuration file.'

describe('a model server that cannot be reached, on a new team’s pages', () => {
  atBothSizes(made, 'the notice names the setting and the file it is in', async (page, size) => {
    const notice = page.locator('.notice.scorer-trouble')
    await notice.waitFor()
    const said = (await notice.textContent())?.replace(/\s+/g, ' ') ?? ''
    expect(said).toContain(WHERE)
    expect(said).not.toContain('[scorer] settings')
    // The server is named once: "cannot answer: the model server has not been reachable" said it twice in a breath.
    expect(said).toMatch(/^The Ollama model server cannot answer: it has not been reachable since /)
    await navigateTo(page, 'Settings')
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Scorer' }) })
    await section.locator('.scorer-now').waitFor()
    expect((await section.textContent())?.replace(/\s+/g, ' ')).toContain(WHERE)
    await screenshot(page, `scorer-settings-where-${size}`)
  })
})
