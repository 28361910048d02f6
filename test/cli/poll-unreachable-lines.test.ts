// A platform that cannot be reached, polled (docs/operations.md#logs): one warning per failed search, in the network's
// words. The search runner's platform_unreachable line and the pass's poll_search_failed line said the same thing
// twice, so an air-gapped first poll printed eight warnings for its four platforms. And a site that pointed base_url at
// a mirror that was not running read only "could not be reached" (the log's ECONNREFUSED names no address) and advice
// to point base_url at a mirror: poll --once and platforms check now name the base_url, scheme, host and port only.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createWorkspace, ok, runCli, type Workspace } from './run-cli'
import { REFUSED_ORIGIN, REFUSED_PORT } from '../support/refused'

let ws: Workspace
let config: string[]
let mirror: string[]
const configFor = (name: string, baseUrl: string) => {
  const toml = ['[plans.poller]', 'monthly_requests = 100', 'platforms = ["hackernews"]']
  toml.push('[platforms.hackernews]', `base_url = "${baseUrl}"`, 'mode = "search"')
  return ['--config', ws.file(name, toml.join('\n'))]
}
const BASE_URL = `platforms.hackernews.base_url is ${REFUSED_ORIGIN}`
beforeAll(async () => {
  ws = createWorkspace()
  config = configFor('poll.toml', REFUSED_ORIGIN)
  // A mirror's address with a user and password: only the scheme, host and port are told. (A path or query is refused
  // when the configuration is read: test/config/platform-addresses.test.ts.)
  mirror = configFor('mirror.toml', `http://ops:s3cret@127.0.0.1:${REFUSED_PORT}/`)
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'poller', ...config])
  await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm', ...config])
})
afterAll(() => ws.cleanup())

describe('poll --once with a platform that cannot be reached', () => {
  test('one warning for its one search, which the line under the table and the last line point to', async () => {
    const r = await runCli(ws, ['poll', '--once', ...config])
    expect(r.code).toBe(1)
    const events = r.stderr
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { event: string; platform: string; err: string })
    expect(events.map((e) => [e.event, e.platform])).toEqual([['platform_unreachable', 'hackernews']])
    expect(events[0]?.err).toContain('hackernews could not be reached (')
    expect(r.stdout).toContain(
      `hackernews: its one search failed (hackernews could not be reached; ${BASE_URL}); the platform_unreachable log lines say more`,
    )
    expect(r.stderr).toEndWith('lead-signals: poll: the only search failed (the log lines above say why)\n')
  })

  test('poll --once and platforms check name the base_url, never its user or password', async () => {
    const poll = await runCli(ws, ['poll', '--once', ...mirror])
    expect(poll.stdout).toContain(`hackernews: its one search failed (hackernews could not be reached; ${BASE_URL})`)
    const check = await runCli(ws, ['platforms', 'check', '--platform', 'hackernews', ...mirror])
    expect(check.code).toBe(1)
    const row = check.stdout.split('\n').find((l) => l.startsWith('hackernews '))
    expect(row?.replace(/ +/g, ' ')).toBe(`hackernews not reachable hackernews could not be reached; ${BASE_URL}`)
    for (const r of [poll, check]) expect(r.stdout + r.stderr).not.toMatch(/s3cret|ops:/)
  })
})
