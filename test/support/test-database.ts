import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import type { Deps } from '../../src/deps'
import { type Sqld, startSqld } from '../../scripts/sqld'
import { copyMigratedFile, forgetMigratedFile } from './migrated-copy'

/**
 * Where a test's database lives. By default an in-memory embedded database per test; with
 * `LEAD_SIGNALS_TEST_DATABASE=sqld` (`npm run test:sqld`) a database of its own on a real libSQL server: each test
 * process starts one sqld on first use, and every database asked for is a new namespace on it, so a test that builds
 * two worlds gets two databases, as it does in memory. With `LEAD_SIGNALS_TEST_DATABASE=file` (`npm run test:file`)
 * a new database file, as a server keeps one: WAL, and the key lookups remembered between commits
 * (docs/performance.md#cached-keys), which an in-memory database has not.
 */
export const onSqld = process.env.LEAD_SIGNALS_TEST_DATABASE === 'sqld'
const onFile = process.env.LEAD_SIGNALS_TEST_DATABASE === 'file'

let server: Promise<Sqld> | undefined
let fileDir: string | undefined
let made = 0

/**
 * A database URL for one test: `:memory:`, a new migrated database file (a copy: test/support/migrated-copy.ts), or a
 * new empty database on the test process's sqld.
 */
export async function freshTestDatabase(): Promise<string> {
  if (onFile) {
    fileDir ??= mkdtempSync(join(tmpdir(), 'ls-test-db-'))
    const path = join(fileDir, `t${++made}.db`)
    await copyMigratedFile(migratedFileIn(fileDir), path)
    return `file:${path}`
  }
  if (!onSqld) return ':memory:'
  return (await sqld()).createNamespace(`t${++made}`)
}

/**
 * Whether the server process is gone. Right after the kill the process object may not have heard of its exit yet, so
 * the kernel is asked: an exited child stays a zombie (state Z) until it is collected (sqld runs on Linux only).
 */
function ended(p: Subprocess): boolean {
  if (p.exitCode !== null || p.signalCode !== null) return true
  try {
    return readFileSync(`/proc/${p.pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? false
  } catch {
    return true
  }
}

const migratedFileIn = (dir: string) => join(dir, 'migrated.db')

/**
 * The test process's sqld, with namespaces (started on first use, stopped by removeTestDatabases after the last test).
 * When a test times out, `bun test` kills the processes it started ("killed 1 dangling process"): the sqld, when that
 * test was the first to ask for a database. The tests after it get a new one: the old one's ports answer nothing
 * (connection refused), or whatever process took them over since.
 */
export async function sqld(): Promise<Sqld> {
  const current = server && (await server)
  if (current && ended(current.process) && server && (await server) === current) {
    server = undefined
    await current.stop() // its files
  }
  server ??= startSqld({ namespaces: true }).then((s) => {
    // Neither the server nor its output pipe keeps a test process alive.
    s.process.unref()
    return s
  })
  return server
}

/**
 * Stops the test process's sqld and removes its files, and the database files made for its tests, if any. `bun test`
 * does not emit the process's 'exit' event, so test/support/preload.ts calls this after the last test; without it
 * every run left an sqld behind.
 */
export async function removeTestDatabases() {
  const started = server
  server = undefined
  if (started) await (await started).stop()
  if (fileDir) {
    rmSync(fileDir, { recursive: true, force: true })
    forgetMigratedFile(migratedFileIn(fileDir))
  }
  fileDir = undefined
}

/**
 * Makes the database refuse writes, the way its owner would: the embedded engine's `PRAGMA query_only` on the one
 * connection the server keeps (it holds even for root, who ignores file permissions), or sqld's own write block on
 * the namespace, which an operator sets through its admin API.
 */
export async function refuseWrites(deps: Deps, on = true) {
  const url = deps.config.database.url
  if (!onSqld || url === ':memory:' || url.startsWith('file:')) {
    await deps.database.client.execute(`PRAGMA query_only = ${on ? 'ON' : 'OFF'}`)
    return
  }
  await (await sqld()).blockWrites(new URL(url).hostname.split('.')[0], on)
}

/** What the service says when the database refuses writes: the engine's read-only error, or sqld's block. */
export const refusedWritesReason = onSqld ? 'its server blocks writes' : 'it is read-only'

/**
 * A database that outlives one set of deps (a restart, a second server on it): the given file, or with
 * LEAD_SIGNALS_TEST_DATABASE=sqld a new database on the test process's sqld.
 */
export async function lastingTestDatabase(fileUrl: string): Promise<string> {
  return onSqld ? freshTestDatabase() : fileUrl
}
