import { afterEach, describe, expect, test } from 'bun:test'
import { silentWorld } from '../support/silent-world'
import { createWorkspace, runCli } from './run-cli'

// docs/operations.md#a-pass-that-hangs: `poll --once` on a libSQL server that stopped answering mid-pass said the
// pass was given up on, then never exited: the pass it gave up on still held its socket and scoring threads, so cron
// saw neither a status nor the end of the command.
const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

describe('poll --once on a database that stops answering mid-pass', () => {
  test('says so in one line and exits with status 1 within polling.lease_seconds', async () => {
    const w = await silentWorld()
    cleanup.push(() => w.stop())
    // The search is answered; the database goes silent as it is, so storing the page is never answered.
    w.silenceOnSearch()
    const ws = createWorkspace()
    cleanup.push(() => ws.cleanup())
    const config = ws.file(
      'poll.toml',
      [...w.platforms.platformsToml(), '[plans.poller]', 'platforms = ["hackernews"]'].join('\n'),
    )
    const started = Date.now()
    const r = await runCli(ws, ['poll', '--once', '--config', config], {
      env: {
        LEAD_SIGNALS_DATABASE_URL: w.proxy.url,
        LEAD_SIGNALS_DATABASE_AUTH_TOKEN: w.token,
        LEAD_SIGNALS_POLLING_LEASE_SECONDS: '5',
      },
      timeoutMs: 30_000,
    })
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^lead-signals: keyword polling is stuck: the database has not answered it since \S+ \(5 s, polling\.lease_seconds\); the pass is given up$/,
      ),
    ])
    expect(r.code).toBe(1)
    expect(Date.now() - started).toBeLessThan(20_000)
    expect(r.stderr).not.toContain(w.token)
  }, 60_000)
})
