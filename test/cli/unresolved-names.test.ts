// docs/operations.md#logs: a platform or model address whose host name does not resolve (a typo, an internal name
// this machine cannot look up, a public one on a site without internet access). The log said `hackernews could not be
// reached (getaddrinfo ENOTFOUND hn.nowhere.invalid)`, the resolver's code, and poll --once and platforms check only
// "could not be reached", which reads as a platform that is down; scorer check named the host but not the setting.
// Each now says the name does not resolve and the setting that holds it (.invalid never resolves: RFC 6761).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createWorkspace, ok, runCli, type Workspace } from './run-cli'

const HOST = 'hn.nowhere.invalid'
const SAID = `the name ${HOST} does not resolve: check platforms.hackernews.base_url for a typo`

let ws: Workspace
let config: string[]
beforeAll(async () => {
  ws = createWorkspace()
  const toml = ['[plans.poller]', 'monthly_requests = 100', 'platforms = ["hackernews"]']
  toml.push('[platforms.hackernews]', `base_url = "http://${HOST}"`, 'mode = "search"')
  config = ['--config', ws.file('unresolved.toml', toml.join('\n'))]
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'poller', ...config])
  await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm', ...config])
})
afterAll(() => ws.cleanup())

describe('a platform whose host name does not resolve', () => {
  test('poll --once: the log line and the line under the table say so, with the setting', async () => {
    const r = await runCli(ws, ['poll', '--once', ...config])
    expect(r.code).toBe(1)
    const events = r.stderr
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { event: string; err: string })
    expect(events.map((e) => e.event)).toEqual(['platform_unreachable'])
    expect(events[0]?.err).toStartWith(`hackernews could not be reached: ${SAID}`)
    expect(r.stdout).toContain(`hackernews: its one search failed (hackernews could not be reached: ${SAID}`)
    expect(r.stdout + r.stderr).not.toMatch(/getaddrinfo|ENOTFOUND/)
  })

  test('platforms check: its row says so, with the setting', async () => {
    const r = await runCli(ws, ['platforms', 'check', '--platform', 'hackernews', ...config])
    expect(r.code).toBe(1)
    const row = r.stdout.split('\n').find((l) => l.startsWith('hackernews '))
    expect(row?.replace(/ +/g, ' ')).toStartWith(`hackernews not reachable hackernews could not be reached: ${SAID}`)
    expect(r.stdout + r.stderr).not.toMatch(/getaddrinfo|ENOTFOUND/)
  })
})

describe('a model server whose host name does not resolve', () => {
  test.each([
    [
      'ollama',
      { LEAD_SIGNALS_SCORER_BACKEND: 'ollama', LEAD_SIGNALS_SCORER_OLLAMA_HOST: 'http://ollama.nowhere.invalid:11434' },
      'scorer.ollama.host',
    ],
    [
      'openai',
      { LEAD_SIGNALS_SCORER_BACKEND: 'openai', LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: 'http://llm.nowhere.invalid/v1' },
      'scorer.openai.base_url',
    ],
  ] as const)('scorer check (%s): the name and the setting that holds it', async (backend, env, setting) => {
    const r = await runCli(ws, ['scorer', 'check'], { env })
    expect(r.code).toBe(1)
    const host = backend === 'ollama' ? 'ollama.nowhere.invalid' : 'llm.nowhere.invalid'
    expect(r.stdout).toContain(`the name ${host} does not resolve: check ${setting} for a typo`)
  })
})
