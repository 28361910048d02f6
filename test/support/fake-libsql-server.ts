import Database from 'libsql'

/**
 * A fake libSQL server (sqld) for tests: "Hrana over HTTP" with JSON bodies, as `@libsql/client` 0.18 speaks it
 * for `http://` and `https://` URLs (and for `libsql://`, which is the same protocol over TLS).
 *
 * That client (through `@libsql/hrana-client` 0.10, `openHttp` with its default protocol version 2) probes no
 * version and posts every call to `POST /v2/pipeline`: `execute` and `sequence` requests, or `store_sql` + `batch`
 * for a batch, each pipeline ending in `close`. Spec: libsql-server/docs/HTTP_V2_SPEC.md (endpoints, batons) and
 * the Hrana 2 spec (Stmt, StmtResult, Batch, Value, Error). `/v3/pipeline` in JSON is served by the same code:
 * version 3 adds `get_autocommit` and the `is_autocommit` batch condition, both handled.
 *
 * Statements run for real on one in-memory `libsql` connection. Simplifications, fine for a client that opens a
 * stream per call: all streams share that connection (sqld gives each its own), batons are not signed, and
 * `describe` and cursors are not offered. The token is compared as a plain string (sqld verifies a JWT).
 */

type Value =
  | { type: 'null' }
  | { type: 'integer'; value: string }
  | { type: 'float'; value: number }
  | { type: 'text'; value: string }
  | { type: 'blob'; base64: string }
type Stmt = {
  sql?: string
  sql_id?: number
  args?: Value[]
  named_args?: { name: string; value: Value }[]
  want_rows?: boolean
}
type Cond =
  | { type: 'ok' | 'error'; step: number }
  | { type: 'not'; cond: Cond }
  | { type: 'and' | 'or'; conds: Cond[] }
  | { type: 'is_autocommit' }
type StreamRequest =
  | { type: 'close' }
  | { type: 'execute'; stmt: Stmt }
  | { type: 'batch'; batch: { steps: { condition?: Cond; stmt: Stmt }[] } }
  | { type: 'sequence'; sql?: string; sql_id?: number }
  | { type: 'store_sql'; sql_id: number; sql: string }
  | { type: 'close_sql'; sql_id: number }
  | { type: 'get_autocommit' }
  | { type: 'describe' }
type HranaError = { message: string; code: string }
type Version = 2 | 3
/** Per stream: its stored SQL texts (HTTP v2 spec: `store_sql` is scoped to one stream). */
type Stream = { sqls: Map<number, string> }

export type RecordedRequest = { method: string; path: string; authorization: string | null }

/** A misuse of the protocol: sqld answers the whole pipeline with HTTP 400 and a text body (checked on sqld 0.24). */
class ProtocolError extends Error {}

export function startFakeLibsqlServer(a: { authToken: string }) {
  const db = new Database(':memory:')
  const streams = new Map<string, Stream>()
  const requests: RecordedRequest[] = []

  // Hrana `Value` ⇄ engine value. JS numbers bind as REAL in `libsql`, as a Hrana float does in sqld.
  const fromValue = (v: Value): unknown =>
    v.type === 'null'
      ? null
      : v.type === 'integer'
        ? BigInt(v.value)
        : v.type === 'blob'
          ? Buffer.from(v.base64, 'base64')
          : v.value
  const toValue = (v: unknown): Value =>
    v === null || v === undefined
      ? { type: 'null' }
      : typeof v === 'bigint'
        ? { type: 'integer', value: String(v) }
        : typeof v === 'number'
          ? { type: 'float', value: v }
          : typeof v === 'string'
            ? { type: 'text', value: v }
            : {
                type: 'blob',
                base64: Buffer.from(v as Uint8Array)
                  .toString('base64')
                  .replace(/=+$/, ''),
              } // sqld omits padding

  /** A statement names its SQL by text (`sql`) or by a `store_sql` id (`sql_id`), exactly one of the two. */
  const sqlOf = (stream: Stream, x: { sql?: string | null; sql_id?: number | null }): string => {
    if ((x.sql == null) === (x.sql_id == null))
      throw new ProtocolError('Either `sql` or `sql_id` are required, but not both')
    const sql = x.sql ?? stream.sqls.get(x.sql_id as number)
    if (sql == null) throw new ProtocolError(`SQL text ${x.sql_id} not found`)
    return sql
  }

  /** A statement's failure as a Hrana `Error`, worded as sqld words it. */
  const asHranaError = (e: unknown): HranaError => {
    if (e instanceof ProtocolError) throw e
    // sqld reports the primary code (SQLITE_CONSTRAINT for SQLITE_CONSTRAINT_UNIQUE); plain SQLITE_ERROR it calls
    // SQLITE_UNKNOWN (its SQLite binding's name for code 1).
    const primary = /^SQLITE_[A-Z]+/.exec(String((e as { code?: unknown }).code))?.[0] ?? 'SQLITE_ERROR'
    const code = primary === 'SQLITE_ERROR' ? 'SQLITE_UNKNOWN' : primary
    return { message: `SQLite error: ${e instanceof Error ? e.message : String(e)}`, code }
  }

  const counters = () =>
    db.prepare('SELECT changes(), last_insert_rowid(), total_changes()').raw(true).safeIntegers(true).get() as bigint[]

  /**
   * Hrana `execute`: Stmt → StmtResult {cols, rows, affected_row_count, last_insert_rowid}. sqld also sends
   * replication_index, rows_read, rows_written and query_duration_ms, which the client does not read. It returns
   * rows even when `want_rows` is false, and so does this.
   */
  const execute = (stream: Stream, stmt: Stmt) => {
    const prepared = db.prepare(sqlOf(stream, stmt))
    const args = stmt.named_args?.length
      ? // Named parameters travel with their prefix (`:a`, `@a`, `$a`); the engine binds them by bare name.
        Object.fromEntries(stmt.named_args.map((n) => [n.name.replace(/^[:@$]/, ''), fromValue(n.value)]))
      : (stmt.args ?? []).map(fromValue)
    const [, rowidBefore, totalBefore] = counters()
    let cols: { name: string; decltype: string | null }[] = []
    let rows: unknown[][] = []
    if (prepared.reader) {
      cols = prepared.columns().map((c) => ({ name: c.name, decltype: c.type }))
      rows = prepared.raw(true).safeIntegers(true).all(args) as unknown[][]
    } else {
      prepared.run(args)
    }
    const [changes, rowid, total] = counters()
    return {
      cols,
      rows: rows.map((r) => r.map(toValue)),
      // changes() keeps the last write's count through a SELECT or DDL; a statement that wrote nothing reports 0.
      affected_row_count: total === totalBefore ? 0 : Number(changes),
      // sqld sends a rowid only when the statement inserted one (null after a SELECT, UPDATE or DDL).
      last_insert_rowid: rowid === rowidBefore ? null : String(rowid),
    }
  }

  /** Hrana `batch`: steps run in order, each only if its condition holds; per-step results and errors. */
  const batch = (stream: Stream, steps: { condition?: Cond | null; stmt: Stmt }[], version: Version) => {
    const step_results: (ReturnType<typeof execute> | null)[] = []
    const step_errors: (HranaError | null)[] = []
    const holds = (c: Cond): boolean =>
      c.type === 'ok'
        ? step_results[c.step] != null
        : c.type === 'error'
          ? step_errors[c.step] != null
          : c.type === 'not'
            ? !holds(c.cond)
            : c.type === 'and'
              ? c.conds.every(holds)
              : c.type === 'or'
                ? c.conds.some(holds)
                : version >= 3
                  ? !db.inTransaction
                  : unsupported('BatchCond of type `is_autocommit`', 3)
    for (const step of steps) {
      let result = null
      let error = null
      if (!step.condition || holds(step.condition)) {
        try {
          result = execute(stream, step.stmt)
        } catch (e) {
          error = asHranaError(e)
        }
      }
      step_results.push(result)
      step_errors.push(error)
    }
    return { step_results, step_errors }
  }

  const unsupported = (what: string, since?: Version): never => {
    throw new ProtocolError(
      since
        ? `${what} is only supported in protocol version hrana${since} and higher`
        : `${what} is not supported by the fake server`,
    )
  }

  /** One stream request → its StreamResponse; a statement's error becomes a StreamResultError. */
  const handle = (stream: Stream, req: StreamRequest, version: Version): Record<string, unknown> => {
    switch (req.type) {
      case 'execute':
        return { type: 'execute', result: execute(stream, req.stmt) }
      case 'batch':
        return { type: 'batch', result: batch(stream, req.batch.steps, version) }
      case 'sequence':
        db.exec(sqlOf(stream, req))
        return { type: 'sequence' }
      case 'store_sql':
        stream.sqls.set(req.sql_id, req.sql)
        return { type: 'store_sql' }
      case 'close_sql':
        stream.sqls.delete(req.sql_id)
        return { type: 'close_sql' }
      case 'get_autocommit':
        return version >= 3
          ? { type: 'get_autocommit', is_autocommit: !db.inTransaction }
          : unsupported('The `get_autocommit` request', 3)
      // Closing a stream drops its connection in sqld, which rolls back a transaction left open.
      case 'close':
        if (db.inTransaction) db.exec('ROLLBACK')
        return { type: 'close' }
      default:
        return unsupported(`The \`${req.type}\` request`)
    }
  }

  /** HTTP v2 spec, "Execute requests on a stream": {baton, requests} → {baton, base_url, results}. */
  const pipeline = (body: { baton?: string | null; requests: StreamRequest[] }, version: Version): Response => {
    // A null baton opens a new stream; any other must be one this server handed out and not yet used.
    const stream = body.baton == null ? { sqls: new Map() } : streams.get(body.baton)
    if (!stream) return new Response('Received an invalid baton', { status: 400 })
    if (body.baton != null) streams.delete(body.baton)
    let results: unknown[]
    try {
      results = body.requests.map((req) => {
        try {
          return { type: 'ok', response: handle(stream, req, version) }
        } catch (e) {
          return { type: 'error', error: asHranaError(e) }
        }
      })
    } catch (e) {
      // Spec: an HTTP error means the stream is no longer valid.
      if (db.inTransaction) db.exec('ROLLBACK')
      return new Response((e as Error).message, { status: 400 })
    }
    // A fresh baton for every response that leaves the stream open; null once it is closed.
    const closed = body.requests.some((r) => r.type === 'close')
    const baton = closed ? null : crypto.randomUUID()
    if (baton) streams.set(baton, stream)
    return Response.json({ baton, base_url: null, results })
  }

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const path = new URL(req.url).pathname
      const authorization = req.headers.get('authorization')
      requests.push({ method: req.method, path, authorization })
      // Version check (`GET /v2`, `GET /v3`): a 2xx says the version is served. Clients probe it without a token.
      if (req.method === 'GET' && (path === '/v2' || path === '/v3'))
        return new Response('Hello, this is HTTP API v2 (Hrana over HTTP)')
      const version =
        req.method !== 'POST' ? undefined : path === '/v2/pipeline' ? 2 : path === '/v3/pipeline' ? 3 : undefined
      if (version) {
        // sqld answers a missing or wrong token with 401 and a JSON `{error}` body.
        if (authorization !== `Bearer ${a.authToken}`)
          return Response.json({ error: 'Unauthorized: `The JWT is invalid`' }, { status: 401 })
        return pipeline((await req.json()) as Parameters<typeof pipeline>[0], version)
      }
      return new Response('not found', { status: 404 })
    },
  })

  return {
    url: `http://127.0.0.1:${server.port}`,
    /** The engine behind the server, for looking at the data directly. */
    db,
    requests,
    stop() {
      server.stop(true)
      db.close()
    },
  }
}
