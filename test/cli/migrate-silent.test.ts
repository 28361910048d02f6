import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import { startSqld } from '../../scripts/sqld'
import { silentProxy } from '../support/silent-proxy'
import { createWorkspace, runCli } from './run-cli'

// docs/operations.md#a-database-that-does-not-answer-at-start: a libSQL server that answered the first SELECT 1 and
// went silent during the migration held serve and migrate until the runtime gave up on the request, minutes later.
const server = await startSqld()
afterAll(() => server.stop())
const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

describe('a libSQL server that stops answering while the database is migrated', () => {
  test('serve and migrate say so in one line naming the host, never the token, and exit 1', async () => {
    const results = await Promise.all(
      [['serve'], ['migrate']].map(async (args) => {
        const proxy = await silentProxy({ host: '127.0.0.1', port: Number(new URL(server.url).port) })
        cleanup.push(() => proxy.stop())
        // The migration's own statements, after the first answer and drizzle's table.
        proxy.silenceAt('api_keys', { passOn: false })
        const ws = createWorkspace()
        cleanup.push(() => ws.cleanup())
        const env = { LEAD_SIGNALS_DATABASE_URL: proxy.url, LEAD_SIGNALS_DATABASE_AUTH_TOKEN: 'tok-secret' }
        const started = Date.now()
        const r = await runCli(ws, args, { env, timeoutMs: 50_000 })
        return { ...r, host: new URL(proxy.url).host, seconds: (Date.now() - started) / 1000 }
      }),
    )
    for (const r of results) {
      expect(r.code).toBe(1)
      expect(r.stdout).toBe('')
      expect(r.stderr).toMatch(
        new RegExp(
          `^lead-signals: database\\.url: the libSQL server at ${r.host} stopped answering: a write went unanswered for 1\\d(\\.\\d)? s; check that it runs and that this machine reaches it\\n$`,
        ),
      )
      expect(r.stderr).not.toContain('tok-secret')
      expect(r.seconds).toBeLessThan(20)
    }
  }, 60_000)
})
