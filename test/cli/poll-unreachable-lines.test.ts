// A platform that cannot be reached, polled (docs/operations.md#logs): one warning per failed search, in the network's
// words. The search runner's platform_unreachable line and the pass's poll_search_failed line said the same thing
// twice, so an air-gapped first poll printed eight warnings for its four platforms.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createWorkspace, ok, runCli, type Workspace } from './run-cli'
import { REFUSED_ORIGIN } from '../support/refused'

let ws: Workspace
let config: string[]
beforeAll(async () => {
  ws = createWorkspace()
  const toml = ['[plans.poller]', 'monthly_requests = 100', 'platforms = ["hackernews"]']
  toml.push('[platforms.hackernews]', `base_url = "${REFUSED_ORIGIN}"`, 'mode = "search"')
  config = ['--config', ws.file('poll.toml', toml.join('\n'))]
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
      'hackernews: its one search failed (hackernews could not be reached); the platform_unreachable log lines say more',
    )
    expect(r.stderr).toEndWith('lead-signals: poll: the only search failed (the log lines above say why)\n')
  })
})
