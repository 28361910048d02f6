// docs/console.md#try-the-scorer: a model's reason quotes the post, and a post may hold markup. The model here is an
// OpenAI-compatible server on 127.0.0.1 answering chat completions as OpenAI's API reference gives them
// (docs/scoring.md#backends), whose reason quotes an image tag with a handler: the page shows it as text, runs nothing,
// and names the server that answered.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import { launchBrowser, listenForBrowser, openPage, screenshot, signIn, stopConsole } from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'
import { fakeOpenAi } from '../support/fake-openai'

const MARKUP = '<img src=x onerror="document.title=\'pwned\'"><b>bold</b>'
const model = fakeOpenAi({ reason: `The writer asks for a recommendation: "${MARKUP}"` })
let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let ws: Workspace
let deps: Deps

beforeAll(async () => {
  ws = createWorkspace()
  const scorer = { backend: 'openai' as const, fallback: 'none' as const, openai: { base_url: model.baseUrl } }
  ;({ deps } = await testDeps({ config: { database: { url: ws.dbUrl }, scorer }, now: new Date().toISOString() }))
  await seedTeam(deps, { name: 'acme' })
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: 'correct horse battery' })
  app = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(async () => {
  await stopConsole({ browser, app, deps, ws })
  model.stop()
})

test('a reason quoting markup is shown as its text, and the OpenAI-compatible server is named', async () => {
  if (!app) throw new Error('no app')
  const view = await openPage(browser, app.origin)
  try {
    await signIn(view, 'ann@acme.test', 'correct horse battery', '/#/try-scorer')
    await view.page.getByLabel('Post').fill(`Can anyone recommend a CRM for a team of 12? ${MARKUP}`)
    await view.page.getByRole('button', { name: 'Score this post' }).click()
    const answer = view.page.locator('.score-answer')
    await answer.waitFor()
    const text = (await answer.textContent()) ?? ''
    expect(text).toContain(`"${MARKUP}"`)
    expect(text).toContain('The OpenAI-compatible server.')
    expect(await answer.locator('img, b').count()).toBe(0)
    expect(await view.page.title()).not.toBe('pwned')
    await screenshot(view.page, 'try-scorer-markup-reason')
  } finally {
    await view.close()
  }
})
