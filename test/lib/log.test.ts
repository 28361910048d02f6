import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { createLogger, humanLine } from '../../src/lib/log'
import { openDatabase } from '../../src/storage/db'

const SECRET = 'value-that-must-not-be-logged-42'

/** The error a real failing drizzle query throws on a real database, with SECRET among its parameters. */
async function failedQuery(statement: 'missing-table' | 'constraint'): Promise<unknown> {
  const { db, client } = await openDatabase({ url: ':memory:' })
  try {
    await client.execute('CREATE TABLE t (name TEXT NOT NULL UNIQUE)')
    await client.execute({ sql: 'INSERT INTO t VALUES (?)', args: [SECRET] })
    const query =
      statement === 'constraint'
        ? sql`INSERT INTO t (name) VALUES (${SECRET})`
        : sql`INSERT INTO missing (name) VALUES (${SECRET})`
    return await db.run(query).then(
      () => undefined,
      (e: unknown) => e,
    )
  } finally {
    client.close()
  }
}

const logged = (fields: Record<string, unknown>, format?: 'json' | 'human') => {
  const lines: string[] = []
  createLogger((l) => lines.push(l), { format }).error('command_failed', fields)
  expect(lines).toHaveLength(1)
  return lines[0]
}

describe('log lines never carry SQL parameters or statements', () => {
  test('a failed drizzle query is logged as its SQLite code and a fixed reason', async () => {
    const error = await failedQuery('constraint')
    // The premise: the driver's error itself carries the statement and the value.
    expect(String((error as Error).message)).toContain(SECRET)
    const line = JSON.parse(logged({ err: error }))
    expect(line.err).toBe('DatabaseError: SQLITE_CONSTRAINT (SQLITE_CONSTRAINT_UNIQUE): a constraint failed')
  })

  test('nothing of the statement or its values remains, in either format', async () => {
    const error = await failedQuery('missing-table')
    for (const format of ['json', 'human'] as const) {
      const line = logged({ err: error }, format)
      expect(line).not.toContain(SECRET)
      expect(line.toLowerCase()).not.toContain('insert')
      expect(line).not.toContain('params')
      expect(line).toContain('SQLITE_ERROR')
    }
  })

  test('an error that quotes a failed query in its own message keeps only its own words', async () => {
    const inner = (await failedQuery('missing-table')) as Error
    const wrapped = new Error(`could not add the keyword: ${inner.message}`)
    const line = JSON.parse(logged({ err: wrapped }))
    expect(line.err).toBe('could not add the keyword: a database query failed')
  })

  // A query the libSQL server could not be reached for: the client's own reason (storage_unavailable, naming the
  // setting and host) is what the operator needs; the query builder's wrapper around it said only "a query failed"
  // in every poll_scoring_failed, lease_renewal_failed and stream_failed line while sqld restarted.
  test('a query sent to a libSQL server that cannot be reached says so, naming the setting and host', async () => {
    const closed = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('') })
    const port = closed.port
    closed.stop(true)
    const { db, client } = await openDatabase({ url: `http://127.0.0.1:${port}`, authToken: SECRET })
    const error = await db.run(sql`SELECT ${SECRET}`).then(
      () => undefined,
      (e: unknown) => e,
    )
    client.close()
    const line = JSON.parse(logged({ err: error }))
    expect(line.err).toBe(`database.url: cannot reach the libSQL server at 127.0.0.1:${port} (connection refused)`)
  })

  // A plain Error's class says nothing: "Error: hackernews could not be reached (TypeError: ECONNREFUSED …)" read
  // as code, where the other lines' reasons read as words. A class of its own (TypeError: a bug) still says something.
  test('an Error is its message, and the error it names as its cause is its message too', () => {
    const because = new TypeError('ECONNREFUSED: Unable to connect')
    const unreachable = Object.assign(new Error('hackernews could not be reached'), { because })
    expect(JSON.parse(logged({ err: unreachable })).err).toBe(
      'hackernews could not be reached (ECONNREFUSED: Unable to connect)',
    )
    expect(JSON.parse(logged({ err: new RangeError('out of range') })).err).toBe('RangeError: out of range')
  })

  test('any other error keeps class and message, capped, with paths masked', () => {
    expect(JSON.parse(logged({ err: new TypeError('bad /home/me/secret/file.db') })).err).toBe('TypeError: bad <path>')
    const long = JSON.parse(logged({ err: new Error('x'.repeat(10_000)) })).err as string
    expect(long.length).toBeLessThan(600)
  })

  // A driver's message may quote an address with its user and password (http://user:password@host): the password is
  // masked however long the message, also when the 500 characters kept end inside it.
  test('a password in an address is masked even where the cap cuts the message', () => {
    for (const before of [10, 470]) {
      const err = new TypeError(`${'x'.repeat(before)} at http://leads:${SECRET}@db.example.test/`)
      const line = JSON.parse(logged({ err })).err as string
      expect(line).toContain('//***@')
      expect(line).not.toContain(SECRET.slice(0, 6))
    }
  })
})

describe('log formats', () => {
  test('JSON lines by default when lines are handed to a writer', () => {
    expect(JSON.parse(logged({ teamId: 'team_1' }))).toMatchObject({
      level: 'error',
      event: 'command_failed',
      teamId: 'team_1',
    })
  })

  test('the human format is one short line: time of day, level, event, key=value', () => {
    const line = humanLine({
      time: '2026-11-15T12:00:01.234Z',
      level: 'info',
      event: 'request',
      method: 'GET',
      route: '/api/v1/signals',
      status: 200,
      ms: 3.2,
      note: 'two words',
    })
    expect(line).toBe('12:00:01.234 INFO  request method=GET route=/api/v1/signals status=200 ms=3.2 note="two words"')
    expect(logged({ status: 500 }, 'human')).toMatch(/^\d\d:\d\d:\d\d\.\d{3} ERROR command_failed status=500$/)
  })
})
