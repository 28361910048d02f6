import { type Client, createClient, type InArgs, type InStatement } from '@libsql/client'
import { AppError } from '../../errors'
import { inCountedCall } from '../../lib/counted-call'
import { isPlainOnTlsPortPage } from '../../lib/network-reason'
import { serverHost } from '../database-url'
import { createRemoteLockWait } from './lock-wait'
import { describeFailure, type Heard } from './remote-failure'
import type { RemoteDeadline } from './types'
import { createWriteDeadline } from './write-deadline'
import { COUNTED, type CountedWrites, createWriteTurns, type Lane, sendNow } from './write-turns'

/**
 * A client for a libSQL server whose connection and authentication failures name the setting to fix and the
 * host, e.g. "database.url: cannot reach the libSQL server at db.example.org:8080 (connection refused)", instead of
 * the driver's "TypeError: ECONNREFUSED". They become `storage_unavailable`. The token is never part of a message;
 * SQL errors pass through unchanged.
 */
export function openRemoteClient(a: {
  url: string
  authToken: string
  lockWaitMs: number
  // Tests shorten the write deadline (write-deadline.ts).
  deadline?: RemoteDeadline
}): Client {
  const host = hostOf(a.url)
  // A JWT is printable ASCII; anything else could not even travel in the Authorization header.
  if (!/^[\x21-\x7e]*$/.test(a.authToken)) {
    throw new AppError(
      'invalid_request',
      'database.auth_token: not a usable token (it must be one line of printable ASCII, no spaces)',
    )
  }
  // Requests still waiting are ended when the client is closed: one a server took and never answered would otherwise
  // keep the process alive for minutes after it gave up (docs/operations.md#a-database-that-does-not-answer-at-start).
  const waiting = new Set<AbortController>()
  // What the server answered so far, for telling an address of the wrong scheme (remote-failure.ts).
  const heard: Heard = { answered: false, plainOnTlsPort: false }
  const fetchEnded = (request: Request) => {
    const ends = new AbortController()
    waiting.add(ends)
    return fetch(request, { signal: ends.signal })
      .then(async (res) => {
        if (res.ok) heard.answered = true
        // A proxy's page is small; read before the client reads its copy and fails on the status.
        else if (res.status === 400) heard.plainOnTlsPort = isPlainOnTlsPortPage(await res.clone().text())
        return res
      })
      .finally(() => waiting.delete(ends))
  }
  const client = createClient({ url: a.url, authToken: a.authToken || undefined, fetch: fetchEnded })
  // The deadline's SELECT 1 goes through a client of its own: the client sends at most 20 calls at once and queues the
  // rest, and a probe queued behind calls a slow server is working through was late, so the server was taken for
  // silent (docs/operations.md#a-database-that-stops-answering-a-write).
  // Made at the first probe: over ws:// a client opens its connection when made.
  let prober: Client | undefined
  const probe = () => {
    prober ??= createClient({ url: a.url, authToken: a.authToken || undefined, fetch: fetchEnded, concurrency: 1 })
    return prober.execute('SELECT 1')
  }
  const explain = (e: unknown): never => {
    throw describeFailure(e, { url: a.url, host, hasToken: a.authToken !== '', heard }) ?? e
  }
  // A statement or batch the server refused because another connection held the write lock is sent again.
  const waitForLock = createRemoteLockWait(a.lockWaitMs)
  // One write in flight at a time: sqld stalls, then stops taking writes, when many wait for its lock at once
  // (docs/performance.md#one-write-at-a-time-on-sqld). Reads go at once. A write the server never answers would hold
  // every later one: past its deadline it is abandoned with the connections
  // (docs/operations.md#a-database-that-stops-answering-a-write).
  const deadline = createWriteDeadline({
    host,
    probe,
    abandon: () => {
      for (const ends of waiting) ends.abort()
      for (const c of [client, prober]) if (c) Promise.resolve(c.reconnect()).catch(() => undefined)
    },
    ...a.deadline,
  })
  // Counted calls' writes go before background writes not sent yet, which wait a bounded time (write-turns.ts).
  const turns = createWriteTurns({ backgroundWaitMs: BACKGROUND_WAIT_MS })
  const inTurn = <T>(
    run: () => Promise<T>,
    how: 'write' | 'migration' = 'write',
    lane: Lane = inCountedCall() ? 'counted' : 'background',
  ): Promise<T> =>
    turns.take(lane, () => {
      const gate = deadline.ready()
      return gate ? gate.then(() => deadline.send(run, how)) : deadline.send(run, how)
    })
  // The quota's group commit builds its group when its turn comes (group-commit.ts).
  const counted: CountedWrites = {
    write: (build) =>
      inTurn(
        () => {
          const stmts = build()
          return stmts ? waitForLock(() => sendNow(client, stmts)) : Promise.resolve(undefined)
        },
        'write',
        'counted',
      ).catch(explain),
  }
  const read = <T>(run: () => Promise<T>) => deadline.send(run, 'read')
  const remote = {
    [COUNTED]: counted,
    get closed() {
      return client.closed
    },
    get protocol() {
      return client.protocol
    },
    execute: (stmt: InStatement | string, args?: InArgs) => {
      const run = () =>
        waitForLock(() => (typeof stmt === 'string' ? client.execute(stmt, args) : client.execute(stmt)))
      return (READ.test(typeof stmt === 'string' ? stmt : stmt.sql) ? read(run) : inTurn(run)).catch(explain)
    },
    batch: (...p: Parameters<Client['batch']>) => {
      const run = () => waitForLock(() => client.batch(...p))
      return (p[1] === 'read' ? read(run) : inTurn(run)).catch(explain)
    },
    migrate: (...p: Parameters<Client['migrate']>) => inTurn(() => client.migrate(...p), 'migration').catch(explain),
    // Not taken in turn: nothing here opens an interactive transaction
    // (docs/operations.md#several-executables-on-sqld).
    transaction: (...p: Parameters<Client['transaction']>) => client.transaction(...p).catch(explain),
    executeMultiple: (sql: string) => inTurn(() => client.executeMultiple(sql)).catch(explain),
    sync: () => client.sync().catch(explain),
    close: () => {
      client.close()
      prober?.close()
      for (const ends of waiting) ends.abort()
    },
    reconnect: () => client.reconnect(),
  }
  return remote as Client
}

// How long a background write waits while counted calls' writes go first
// (docs/architecture.md#the-order-of-writes-on-a-libsql-server).
const BACKGROUND_WAIT_MS = 5_000

// A statement that only reads: a query (drizzle's and ours start with SELECT). Anything else counts as a write.
const READ = /^\s*select\b/i

/** `host:port` of the server, without credentials, path or query. */
function hostOf(url: string): string {
  const host = serverHost(url)
  if (!host) throw new AppError('invalid_request', 'database.url: not a valid URL')
  return host
}
