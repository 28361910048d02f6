import { createApp } from '../app'
import { readConfig } from '../config/read'
import { buildDeps } from '../deps'
import { ensureDemoTeam } from '../domain/teams/demo'
import { startScheduler } from '../jobs/scheduler'
import { parseFlags } from './args'
import { noPositionals } from './common'
import { listeningAddress, listeningLine } from './listening'

// Bun's own limit only backs up the app's check, which answers 413 in the contract's shape.
const BODY_LIMIT_SLACK = 64 * 1024

export async function serve(argv: string[]): Promise<number> {
  const started = performance.now()
  const { flags, positionals } = parseFlags(argv, { demo: { type: 'boolean' } })
  noPositionals(positionals)
  const config = readConfig(flags.config as string | undefined)
  const deps = await buildDeps(config)
  const demo = flags.demo ? await ensureDemoTeam(deps) : undefined
  const app = createApp(deps).listen({
    hostname: config.server.host,
    port: config.server.port,
    maxRequestBodySize: config.server.max_body_bytes + BODY_LIMIT_SLACK,
  })
  const server = app.server
  if (!server) throw new Error('the HTTP server did not start')
  const address = listeningAddress(server)
  const url = address.url
  console.log(listeningLine(address, Math.round(performance.now() - started)))
  if (demo) {
    console.log(`Demo team "demo" ${demo.created ? 'created' : 'already present; issued a new key'}. API key (shown once):`)
    console.log(`  ${demo.apiKey}`)
    console.log(`Try:  curl -s -H 'x-api-key: ${demo.apiKey}' ${url}/api/v1/usage`)
    console.log(`Docs: ${url}/swagger`)
  }
  // Housekeeping also runs now: a monthly run missed while the server was down is caught up.
  const scheduler = startScheduler(deps, { housekeepingNow: true })

  /**
   * Graceful shutdown: stop listening (Bun refuses new connections at once and closes idle keep-alive ones), let
   * requests in flight and the running job finish or stop at their safe point, then close the database and exit 0.
   * All of it within `server.shutdown_timeout_ms`; after that the process exits anyway (still 0: what was cut off is
   * safe, since every write is a transaction and an unfinished pass's mentions stay queued).
   */
  const shutdown = async (signal: NodeJS.Signals) => {
    const timeoutMs = config.server.shutdown_timeout_ms
    let timer: Timer | undefined
    const deadline = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), timeoutMs) })
    // stop(false): requests in flight get their answers; it resolves when the last connection has closed. The
    // listening socket is closed before stop() returns, so the log line below comes after it.
    const drained = Promise.all([app.stop(false), scheduler.stop()]).then(() => true as const)
    deps.log.info('shutdown_started', { signal, timeoutMs })
    let code = 0
    try {
      if (await Promise.race([drained, deadline])) {
        deps.database.client.close()
        deps.log.info('shutdown_complete', { signal })
      } else {
        // Exiting cuts what is left. The database is not closed under a job that may be inside a write: the exit
        // leaves that transaction uncommitted, and SQLite rolls it back on the next open.
        deps.log.warn('shutdown_timeout', { signal, timeoutMs, reason: 'requests or a job were still running; they are cut off' })
      }
    } catch (err) {
      deps.log.error('shutdown_failed', { signal, err })
      code = 1
    } finally {
      clearTimeout(timer)
      process.exit(code)
    }
  }

  let shuttingDown = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      // A second signal: the operator does not want to wait. Every write is its own transaction, so this is safe.
      deps.log.warn('shutdown_forced', { signal })
      process.exit(1)
    }
    shuttingDown = true
    void shutdown(signal)
  }

  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  return new Promise<number>(() => {})
}
