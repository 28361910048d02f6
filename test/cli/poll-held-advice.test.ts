// A platform that asked to wait (docs/platforms.md#rate-limits) is deferred by every pass until then. poll --once's
// second pass counted it "deferred" and said only that some platform asked to wait, failed or ran out of budget:
// which one, why and until when were in source health alone. The fake YouTube answers as its documentation says
// (developers.google.com/youtube/v3/docs/errors: 403 with reason quotaExceeded, no retry header); Hacker News, which
// nothing holds, is searched in both passes.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { fakeUpstream } from '../support/fake-upstream'
import { youtubeQuotaExceeded } from '../support/platform-rules'
import { createWorkspace, ok, runCli, type Workspace } from './run-cli'

const upstream = fakeUpstream((req) =>
  req.url.pathname.startsWith('/youtube/') ? youtubeQuotaExceeded() : Response.json({ hits: [] }),
)
let ws: Workspace
let config: string[]
beforeAll(async () => {
  ws = createWorkspace()
  const toml = ['[plans.poller]', 'monthly_requests = 100', 'platforms = ["youtube", "hackernews"]']
  toml.push(
    '[platforms.youtube]',
    `base_url = "${upstream.origin}"`,
    'api_key = "AIzaSyA-test-key-0123456789abcdefghij"',
  )
  toml.push('[platforms.hackernews]', `base_url = "${upstream.origin}"`)
  config = ['--config', ws.file('poll.toml', toml.join('\n'))]
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'poller', ...config])
  await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm', ...config])
})
afterAll(() => {
  ws.cleanup()
  upstream.stop()
})

describe('poll --once after a platform asked to wait', () => {
  test('names the platform held, until when and why; the other platform is searched', async () => {
    const first = await runCli(ws, ['poll', '--once', ...config])
    // The pass that met the refusal names the time it ends, not only its seconds.
    expect(first.stdout).toMatch(
      /youtube: its one search failed \(.*quotaExceeded.*\); the poll_search_failed log lines say more; nothing is sent to it before \d{4}-\d\d-\d\dT(07|08):00:0[01]Z\n/,
    )
    const r = await runCli(ws, ['poll', '--once', ...config])
    expect(r.code).toBe(0)
    // Midnight Pacific time in UTC, to the second the wait was counted up to.
    expect(r.stdout).toMatch(/youtube: its one search waits until \d{4}-\d\d-\d\dT(07|08):00:0[01]Z, not sent/)
    expect(r.stdout).toContain('403 quotaExceeded, the daily quota resets at midnight Pacific time')
    expect(r.stdout).not.toContain('hackernews: its')
    expect(r.stdout).toMatch(/hackernews +1 /)
    expect(upstream.received.filter((q) => q.url.pathname.startsWith('/youtube/'))).toHaveLength(1)
  })
})
