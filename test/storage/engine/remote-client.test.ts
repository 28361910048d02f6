import { afterEach, describe, expect, test } from 'bun:test'
import { migrations } from '../../../drizzle/migrations'
import { buildDeps } from '../../../src/deps'
import { AppError } from '../../../src/errors'
import { createTeam } from '../../../src/domain/teams/teams'
import { silentLogger } from '../../support/log'
import type { NewSignal } from '../../../src/storage/repos/signals'
import { openDatabase } from '../../../src/storage/db'
import { migrate } from '../../../src/storage/migrate'
import { startFakeLibsqlServer } from '../../support/fake-libsql-server'
import { testConfig } from '../../support/deps'
import { client } from '../../support/http'

// A libSQL server (sqld) is reached by `@libsql/client` over "Hrana over HTTP"; the fake speaks that protocol on
// plain http. `libsql://host` is the TLS form of the same protocol (the client turns it into https://host), and
// `libsql://host:port?tls=0` into http://host:port, which is how the second URL below reaches the fake.

const TOKEN = 'tok'
const servers: ReturnType<typeof startFakeLibsqlServer>[] = []
const startServer = () => {
  const s = startFakeLibsqlServer({ authToken: TOKEN })
  servers.push(s)
  return s
}
const closers: { close(): void }[] = []
afterEach(() => {
  for (const c of closers.splice(0)) c.close()
  for (const s of servers.splice(0)) s.stop()
})

const TABLES = ['__drizzle_migrations', 'api_keys', 'icp_profiles', 'keywords', 'signals', 'teams']
const tableNames = (rows: Record<string, unknown>[]) =>
  rows
    .map((r) => String(r.name))
    .filter((n) => TABLES.includes(n))
    .sort()
const TABLES_SQL = "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
/** First column of the first row, read in the fake server's own engine. */
const scalar = (server: ReturnType<typeof startFakeLibsqlServer>, sql: string, args: unknown[] = []) =>
  (server.db.prepare(sql).raw(true).get(args) as unknown[])[0]

describe('a database on a libSQL server', () => {
  const urlForms = [
    ['http://127.0.0.1:PORT', (port: string) => `http://127.0.0.1:${port}`],
    ['libsql://127.0.0.1:PORT?tls=0', (port: string) => `libsql://127.0.0.1:${port}?tls=0`],
  ] as const
  for (const [form, urlOf] of urlForms) {
    test(`migrates over the protocol with the token on every request (${form})`, async () => {
      const server = startServer()
      const { client: c } = await openDatabase({ url: urlOf(new URL(server.url).port), authToken: TOKEN })
      closers.push(c)
      expect(c.protocol).toBe('http')

      expect(await migrate(c)).toEqual(migrations.map((m) => m.tag))
      // Through the client and straight in the server's engine: the same tables, so the statements really ran there.
      expect(tableNames((await c.execute(TABLES_SQL)).rows)).toEqual(TABLES)
      expect(tableNames(server.db.prepare(TABLES_SQL).all() as Record<string, unknown>[])).toEqual(TABLES)
      const applied = server.db.prepare('SELECT hash, created_at FROM "__drizzle_migrations"').all() as {
        created_at: number
      }[]
      expect(applied.map((r) => Number(r.created_at))).toEqual(migrations.map((m) => m.when))
      // The bookkeeping reads back over the protocol, so a second run applies nothing.
      expect(await migrate(c)).toEqual([])

      expect(server.requests.length).toBeGreaterThan(0)
      // @libsql/client 0.18 speaks Hrana over HTTP version 2: no version probe, every call a POST to /v2/pipeline.
      expect(new Set(server.requests.map((r) => `${r.method} ${r.path}`))).toEqual(new Set(['POST /v2/pipeline']))
      expect(server.requests.filter((r) => r.authorization !== `Bearer ${TOKEN}`)).toEqual([])
    })
  }

  test('the service runs on it: a team, its key, the counted quota and a batch insert', async () => {
    const server = startServer()
    const deps = await buildDeps(testConfig({ database: { url: server.url, auth_token: TOKEN } }), {
      log: silentLogger,
    })
    closers.push(deps.database.client)
    expect(deps.database.client.protocol).toBe('http')
    const { team, apiKey } = await createTeam(deps, { name: 'acme', plan: 'growth' })
    const call = client(deps)

    const usage = await call('GET', '/api/v1/usage', { key: apiKey })
    expect(usage.status).toBe(200)
    expect(usage.body).toMatchObject({ team: 'acme', usage: { used: 0 } })
    expect((await call('GET', '/api/v1/usage', { key: 'ls_wrong' })).status).toBe(401)

    // A counted call: the quota UPDATE … RETURNING runs over the protocol and its row comes back.
    const first = await call('GET', '/api/v1/signals', { key: apiKey })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ total: 0, signals: [], usage: { used: 1 } })
    expect(scalar(server, 'SELECT quota_used FROM teams WHERE id = ?', [team.id])).toBe(1)

    // insertMany is one batch (store_sql + batch with BEGIN … COMMIT steps); the conflict clause skips repeats.
    const rows: NewSignal[] = [0, 1, 2].map((i) => ({
      id: `sig_${i}`,
      teamId: team.id,
      platform: 'reddit',
      postId: `p${i}`,
      author: `a${i}`,
      intent: 'ACTIVE',
      score: 9 - i,
      reason: `r${i}`,
      icpMatch: null,
      preview: `post ${i}`,
      contentFull: i ? `full ${i}` : null,
      url: `https://example.com/${i}`,
      keyword: 'crm',
      publishedAt: '2026-11-01T00:00:00.000Z',
      detectedAt: '2026-11-02T00:00:00.000Z',
    }))
    expect(await deps.repos.signals.insertMany(team.id, rows)).toBe(3)
    expect(await deps.repos.signals.insertMany(team.id, rows)).toBe(0)
    expect(scalar(server, 'SELECT count(*) FROM signals WHERE team_id = ?', [team.id])).toBe(3)

    const listed = await call('GET', '/api/v1/signals', { key: apiKey })
    expect(listed.status).toBe(200)
    expect(listed.body.signals.map((s: { id: string }) => s.id)).toEqual(['sig_0', 'sig_1', 'sig_2'])
    expect(listed.body).toMatchObject({ total: 3, usage: { used: 2 } })
    expect(server.requests.every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true)
  })

  test('a wrong or missing token fails at the first statement, with a 401 that does not repeat the token', async () => {
    const server = startServer()
    for (const authToken of ['wrong-secret-token', undefined]) {
      const { client: c } = await openDatabase({ url: server.url, authToken })
      closers.push(c)
      const error = await migrate(c).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(Error)
      expect(String((error as Error).message)).toContain('401')
      expect(String((error as Error).message)).not.toContain('wrong-secret-token')
    }
    await expect(
      buildDeps(testConfig({ database: { url: server.url, auth_token: 'wrong-secret-token' } }), { log: silentLogger }),
    ).rejects.toThrow(/401/)
    // Nothing ran on the server.
    expect(server.db.prepare(TABLES_SQL).all()).toEqual([])
    expect(server.requests.map((r) => r.authorization)).toEqual([
      'Bearer wrong-secret-token',
      null,
      'Bearer wrong-secret-token',
    ])
  })

  /** The failure of opening and migrating `url` with `authToken`. */
  const failureOf = async (url: string, authToken?: string): Promise<AppError> => {
    const error = await openDatabase({ url, authToken })
      .then(async ({ client: c }) => {
        closers.push(c)
        await migrate(c)
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    expect(error).toBeInstanceOf(AppError)
    return error as AppError
  }

  test("a server out of reach is named by its setting and host, not by the runtime's error code", async () => {
    for (const url of ['http://127.0.0.1:1', 'libsql://127.0.0.1:1?tls=0', 'ws://127.0.0.1:1']) {
      const error = await failureOf(url, 'tok')
      expect(error.kind).toBe('storage_unavailable')
      expect(error.message).toStartWith('database.url: cannot reach the libSQL server at 127.0.0.1:1 (')
      expect(error.message).not.toMatch(/ECONNREFUSED|TypeError|tok\b/)
    }
    expect((await failureOf('http://127.0.0.1:1')).message).toBe(
      'database.url: cannot reach the libSQL server at 127.0.0.1:1 (connection refused)',
    )
  })

  test('a refused or missing token names database.auth_token and never shows the token', async () => {
    const server = startServer()
    const host = new URL(server.url).host
    const wrong = await failureOf(server.url, 'wrong-secret-token')
    expect(wrong.kind).toBe('storage_unavailable')
    expect(wrong.message).toBe(`database.auth_token: the libSQL server at ${host} refused the token (HTTP 401)`)
    expect((await failureOf(server.url)).message).toBe(
      `database.auth_token: the libSQL server at ${host} requires a token and none is set (HTTP 401)`,
    )
  })

  test('a token that cannot be sent (a line break, a non-ASCII character) is refused before any request', async () => {
    const server = startServer()
    for (const token of ['secret\nsecond-line', 'sécret', 'secret→', 'two words']) {
      const error = await openDatabase({ url: server.url, authToken: token }).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(AppError)
      expect((error as AppError).kind).toBe('invalid_request')
      expect((error as AppError).message).toBe(
        'database.auth_token: not a usable token (it must be one line of printable ASCII, no spaces)',
      )
    }
    expect(server.requests).toEqual([])
  })

  test('a URL without a host is refused as database.url', async () => {
    for (const url of ['http://', 'libsql://']) {
      const error = await openDatabase({ url }).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect((error as AppError).message).toBe('database.url: not a valid URL')
    }
  })
})

/**
 * In front of the fake server: holds each pipeline for a moment and counts how many writes and reads were in
 * flight at once (a pipeline with a batch, or with a statement other than a SELECT, is a write).
 */
function countingProxy(target: string) {
  const seen = { writes: 0, reads: 0, mostWrites: 0, mostReads: 0 }
  const proxy = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const body = await req.text()
      const requests = (JSON.parse(body) as { requests: { type: string; stmt?: { sql?: string } }[] }).requests
      const kind = requests.some((r) => r.type === 'batch' || (r.stmt && !/^select/i.test(r.stmt.sql ?? '')))
        ? 'writes'
        : 'reads'
      seen[kind]++
      seen.mostWrites = Math.max(seen.mostWrites, seen.writes)
      seen.mostReads = Math.max(seen.mostReads, seen.reads)
      await Bun.sleep(20)
      try {
        return await fetch(target + new URL(req.url).pathname, { method: 'POST', headers: req.headers, body })
      } finally {
        seen[kind]--
      }
    },
  })
  return { url: `http://127.0.0.1:${proxy.port}`, seen, stop: () => proxy.stop(true) }
}

test('writes go to the server one at a time, in the order they were made; reads go at once beside them (docs/performance.md#one-write-at-a-time-on-sqld)', async () => {
  const server = startServer()
  const proxy = countingProxy(server.url)
  closers.push({ close: proxy.stop })
  const { client: remote } = await openDatabase({ url: proxy.url, authToken: TOKEN })
  closers.push(remote)
  await remote.execute('CREATE TABLE n (v INTEGER)')

  const calls = Array.from({ length: 12 }, (_, i) =>
    i % 3 === 0
      ? remote.batch([`INSERT INTO n VALUES (${i})`, `INSERT INTO n VALUES (${i + 100})`], 'write')
      : i % 3 === 1
        ? remote.execute({ sql: 'INSERT INTO n VALUES (?)', args: [i] })
        : remote.execute('SELECT count(*) FROM n'),
  )
  await Promise.all(calls)

  expect(proxy.seen).toMatchObject({ mostWrites: 1, writes: 0, reads: 0 })
  expect(proxy.seen.mostReads).toBeGreaterThan(1)
  expect(scalar(server, 'SELECT group_concat(v) FROM (SELECT v FROM n ORDER BY rowid)')).toBe(
    '0,100,1,3,103,4,6,106,7,9,109,10',
  )
})
