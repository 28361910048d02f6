import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/libsql'
import Database from 'libsql'
import { createLogger } from '../../src/lib/log'
import { createLocalClient } from '../../src/storage/engine/local-client'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'
import { callTool, httpClient, listen, toolErrorOf } from '../support/mcp'

const cleanup: (() => void)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})

/**
 * A write through the query builder, as the repos make theirs, on a database whose write lock another connection
 * holds for longer than the client waits (50 ms here): it fails as storage_unavailable, wrapped by the builder in an
 * error whose message carries the SQL and its parameters.
 */
function lockedWrite() {
  const dir = mkdtempSync(join(tmpdir(), 'ls-locked-'))
  const local = createLocalClient(join(dir, 'x.db'), { lockWaitMs: 50 })
  const holder = new Database(join(dir, 'x.db'))
  cleanup.push(() => {
    holder.close()
    local.close()
    rmSync(dir, { recursive: true, force: true })
  })
  const db = drizzle(local)
  return async () => {
    await db.run(sql`create table if not exists t (a text)`)
    if (!holder.inTransaction) holder.exec('BEGIN IMMEDIATE')
    await db.run(sql`insert into t values (${'secret-value'})`)
  }
}

describe('the database locked for longer than a call waits', () => {
  test('a counted call answers 503 storage_unavailable, uncharged, with no SQL in the answer or the log', async () => {
    const lines: string[] = []
    const { deps } = await testDeps({ deps: { log: createLogger((l) => lines.push(l)) } })
    const { apiKey } = await seedTeam(deps)
    const write = lockedWrite()
    deps.repos.signals.total = async () => {
      await write()
      return 0
    }
    const call = client(deps)
    const r = await call('GET', '/api/v1/signals', { key: apiKey })
    expect(r.status).toBe(503)
    expect(r.body.error.code).toBe('storage_unavailable')
    expect(JSON.stringify(r.body)).not.toMatch(/insert|secret-value|Failed query/i)
    expect(lines.join('\n')).not.toMatch(/insert|secret-value|Failed query/i)
    expect((await call('GET', '/api/v1/usage', { key: apiKey })).body.usage.used).toBe(0)
  })

  test('the unsubscribe page a person opens from an e-mail stays a page: 503, nothing changed, a warning logged', async () => {
    const lines: string[] = []
    const { deps } = await testDeps({ deps: { log: createLogger((l) => lines.push(l)) } })
    const write = lockedWrite()
    deps.repos.webhookEndpoints.byIdAnyTeam = async () => {
      await write()
      return undefined
    }
    const call = client(deps)
    for (const method of ['GET', 'POST']) {
      const r = await call(method, `/unsubscribe?token=wh_1.${'a'.repeat(32)}`)
      expect({ method, status: r.status, type: r.headers.get('content-type') }).toEqual({
        method,
        status: 503,
        type: 'text/html; charset=utf-8',
      })
      expect(r.body).toContain('nothing was changed')
      expect(r.body).not.toMatch(/insert|secret-value|Failed query/i)
    }
    expect(lines.join('\n')).toContain('storage_unavailable')
    expect(lines.join('\n')).not.toMatch(/insert|secret-value|Failed query/i)
  })
  test('an MCP tool call fails with the same storage_unavailable error', async () => {
    const lines: string[] = []
    const { deps } = await testDeps({ deps: { log: createLogger((l) => lines.push(l)) } })
    const { apiKey } = await seedTeam(deps)
    const write = lockedWrite()
    deps.repos.signals.total = async () => {
      await write()
      return 0
    }
    const server = listen(deps)
    cleanup.push(server.stop)
    const mcp = await httpClient(server.mcpUrl, apiKey)
    cleanup.push(() => void mcp.close())
    const error = toolErrorOf(await callTool(mcp, 'list_signals'))
    expect(error.code).toBe('storage_unavailable')
    expect(JSON.stringify(error) + lines.join('\n')).not.toMatch(/insert|secret-value|Failed query/i)
  })
})
