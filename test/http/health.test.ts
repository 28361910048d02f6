import { afterEach, describe, expect, test } from 'bun:test'
import { migrations } from '../../drizzle/migrations'
import { buildDeps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { silentLogger } from '../support/log'
import { startFakeLibsqlServer } from '../support/fake-libsql-server'
import { seedTeam, testConfig, testDeps } from '../support/deps'
import { refusedWritesReason, refuseWrites } from '../support/test-database'
import { client } from '../support/http'
import { callTool, httpClient, listen, toolErrorOf } from '../support/mcp'

const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})

describe('GET /healthz', () => {
  test('answers 200 without a key, and without the database', async () => {
    const { deps } = await testDeps()
    const call = client(deps)
    const alive = await call('GET', '/healthz')
    expect(alive.status).toBe(200)
    expect(alive.body).toEqual({ status: 'ok' })
    expect(alive.headers.get('cache-control')).toBe('no-store')

    deps.database.client.close()
    expect((await call('GET', '/healthz')).body).toEqual({ status: 'ok' })
  })
})

describe('GET /readyz', () => {
  test('answers 200 without a key when the database is migrated and takes writes', async () => {
    const { deps } = await testDeps()
    const ready = await client(deps)('GET', '/readyz')
    expect(ready.status).toBe(200)
    expect(ready.body).toEqual({ status: 'ready' })
  })

  test('answers 503 with the reason when the database refuses writes, and 200 again once it takes them', async () => {
    const { deps } = await testDeps()
    const call = client(deps)
    await refuseWrites(deps)
    const refused = await call('GET', '/readyz')
    expect(refused.status).toBe(503)
    expect(refused.body).toEqual({
      status: 'not_ready',
      reason: `the database cannot be written: ${refusedWritesReason}`,
    })

    await refuseWrites(deps, false)
    expect((await call('GET', '/readyz')).status).toBe(200)
  })

  test('answers 503 when the database lacks a migration of this version or has one of a newer version', async () => {
    const { deps } = await testDeps()
    const call = client(deps)
    const newest = migrations[migrations.length - 1].when
    await deps.database.client.execute({
      sql: 'DELETE FROM "__drizzle_migrations" WHERE created_at = ?',
      args: [newest],
    })
    expect((await call('GET', '/readyz')).body).toEqual({
      status: 'not_ready',
      reason: 'the database lacks migrations of this version; run lead-signals migrate',
    })

    // A newer build's database: every migration of this one, then one more.
    await deps.database.client.execute({
      sql: 'INSERT INTO "__drizzle_migrations" (hash, created_at) VALUES (?, ?), (?, ?)',
      args: ['x', newest, 'y', newest + 1],
    })
    const ahead = await call('GET', '/readyz')
    expect(ahead.status).toBe(503)
    // Named as migrate's refusal names them (docs/operations.md#upgrades): the database's by its count, this one's by
    // tag.
    const theirs = String(migrations.length).padStart(4, '0')
    const ours = migrations[migrations.length - 1].tag
    expect(ahead.body.reason).toBe(
      `the database was migrated by a newer version of lead-signals (database schema ${theirs}; this executable's is ${ours})`,
    )
  })

  test('answers 503 when a libSQL server refuses writes or cannot be reached', async () => {
    const server = startFakeLibsqlServer({ authToken: 'tok' })
    cleanup.push(() => server.stop())
    const deps = await buildDeps(testConfig({ database: { url: server.url, auth_token: 'tok' } }), {
      log: silentLogger,
    })
    cleanup.push(() => deps.database.client.close())
    const call = client(deps)
    expect((await call('GET', '/readyz')).status).toBe(200)

    server.db.exec('PRAGMA query_only = ON')
    expect((await call('GET', '/readyz')).body).toEqual({
      status: 'not_ready',
      reason: 'the database cannot be written: it is read-only',
    })

    server.stop()
    const unreachable = await call('GET', '/readyz')
    expect(unreachable.status).toBe(503)
    expect(unreachable.body).toEqual({
      status: 'not_ready',
      reason: 'the database cannot be written: its server cannot be reached',
    })
  })
})

describe('counted calls on a database that refuses writes', () => {
  test('answer 503 storage_unavailable, not 500, and charge nothing', async () => {
    const { deps } = await testDeps({ config: { plans: { five: { monthly_requests: 5 } } } })
    const { team, apiKey } = await seedTeam(deps, { plan: 'five', credits: 2 })
    await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
    const call = client(deps)
    await refuseWrites(deps)

    const signals = await call('GET', '/api/v1/signals', { key: apiKey })
    expect(signals.status).toBe(503)
    expect(signals.body).toEqual({
      error: {
        code: 'storage_unavailable',
        message: `the database cannot be written right now: ${refusedWritesReason}`,
      },
    })
    const score = await call('POST', '/api/v1/leads/score', {
      key: apiKey,
      body: { content: 'We are looking for a better CRM for our sales team' },
    })
    expect(score.status).toBe(503)
    expect(score.body.error.code).toBe('storage_unavailable')
    const legacy = await call('POST', '/api/routes/search', { key: apiKey, body: { network: 'news', keyword: 'crm' } })
    expect(legacy.status).toBe(503)
    expect(legacy.body).toEqual({
      success: false,
      error: `the database cannot be written right now: ${refusedWritesReason}`,
    })
    // The same failure through an MCP tool: the same code, not `internal`.
    const server = listen(deps)
    cleanup.push(() => server.stop())
    const mcp = await httpClient(server.mcpUrl, apiKey)
    cleanup.push(() => mcp.close())
    expect(toolErrorOf(await callTool(mcp, 'list_signals'))).toEqual({
      code: 'storage_unavailable',
      message: `the database cannot be written right now: ${refusedWritesReason}`,
    })

    await refuseWrites(deps, false)
    const report = (await call('GET', '/api/v1/usage', { key: apiKey })).body
    expect(report.usage).toMatchObject({ used: 0, remaining: 5 })
    expect(report.credits).toBe(2)
  })
})
