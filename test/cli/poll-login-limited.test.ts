// A Bluesky login refused with 429 during a polling pass (docs/operations.md#logs, docs/platforms.md#bluesky): one
// warning, platform_login_limited, which names the limit met; the pass's poll_search_failed line said the same refusal
// again. The line under the table points to the one line there is.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { fakeUpstream } from '../support/fake-upstream'
import { createWorkspace, ok, runCli, type Workspace } from './run-cli'

const pds = fakeUpstream((req) =>
  req.url.pathname === '/xrpc/com.atproto.server.createSession'
    ? Response.json(
        { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' },
        {
          status: 429,
          headers: { 'ratelimit-limit': '30', 'ratelimit-remaining': '0', 'ratelimit-policy': '30;w=300' },
        },
      )
    : Response.json({ posts: [] }),
)
let ws: Workspace
let config: string[]
beforeAll(async () => {
  ws = createWorkspace()
  const toml = ['[plans.poller]', 'monthly_requests = 100', 'platforms = ["bluesky"]', '[platforms.bluesky]']
  toml.push(`base_url = "${pds.origin}"`, 'identifier = "a.bsky.social"', 'app_password = "abcd-efgh-ijkl-mnop"')
  toml.push('mode = "search"')
  config = ['--config', ws.file('poll.toml', toml.join('\n'))]
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'poller', ...config])
  await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm', ...config])
})
afterAll(() => {
  ws.cleanup()
  pds.stop()
})

describe('poll --once with a Bluesky login refused with 429', () => {
  test('one warning, which the line under the table points to', async () => {
    const r = await runCli(ws, ['poll', '--once', ...config])
    const events = r.stderr
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { event: string; platform: string; level: string })
      .filter((e) => e.level !== 'info')
    expect(events.map((e) => [e.event, e.platform])).toEqual([['platform_login_limited', 'bluesky']])
    expect(r.stdout).toContain(
      "bluesky: its one search failed (bluesky refused a login with 429, for this account's 30 logins",
    )
    expect(r.stdout).toContain('the platform_login_limited log lines say more')
  })
})
