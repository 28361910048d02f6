import { createApp } from '../app'
import { readConfig } from '../config/read'
import type { Config } from '../config/schema'
import { buildDeps, type Deps } from '../deps'
import { requireWritable, unwritable } from '../domain/health/readiness'
import { copyLogBack } from '../domain/health/storage'
import { giveBackUnfinished } from '../domain/quota/charge'
import { ensureDemoTeam } from '../domain/teams/demo'
import { ensureDemoUser } from '../domain/users/demo-user'
import { RUNTIME_BODY_LIMIT } from '../wire/body'
import { prepareBackups } from '../domain/backups/start-dir'
import { checkEmail } from '../domain/webhooks/email-check'
import { startScheduler } from '../jobs/scheduler'
import { parseFlags } from './args'
import { checkScorer } from './scorer-ready'
import { noPositionals } from './common'
import { checkServerHost } from './listen-check'
import { listenError } from './listen-error'
import { listeningAddress, listeningLine } from './listening'
import { warnIfNewer, warnOfCaseTwins } from './start-warnings'

// At shutdown, the longest wait for the units of cut-off calls to be given back (a few writes on a local file).
const GIVE_BACK_BOUND_MS = 2000

/**
 * One line at start on the SMTP server of e-mail destinations, when one is configured (docs/destinations.md#checking).
 */
async function logEmailCheck(deps: Deps) {
  if (!deps.config.email.host) return
  const r = await checkEmail(deps)
  const { status, ...said } = r
  deps.log[status === 'ok' && !r.warning ? 'info' : 'warn']('email_check', { ok: status === 'ok', ...said })
}

export async function serve(argv: string[]): Promise<number> {
  const started = performance.now()
  const { flags, positionals } = parseFlags(argv, { demo: { type: 'boolean' } })
  noPositionals(positionals)
  const config = readConfig(flags.config as string | undefined)
  const backupDir = await prepareBackups(config)
  await checkServerHost(config.server.host)
  const deps = await writableDeps(config)
  backupDir.report(deps)
  // One line on the scorer (scorer-ready.ts), not a warning per scored post later. The demo scores its sample posts
  // before listening, so it asks first; otherwise the server asks once it listens (one that cannot says only that).
  if (flags.demo) await checkScorer(deps)
  // The demo prints an owner password, so unless server.host says otherwise it answers on this machine only.
  const at = { host: config.server.host ?? (flags.demo ? '127.0.0.1' : '0.0.0.0'), port: config.server.port }
  const app = createApp(deps)
  try {
    app.listen({
      hostname: at.host,
      port: config.server.port,
      maxRequestBodySize: RUNTIME_BODY_LIMIT,
      // Elysia turns SO_REUSEPORT on, which lets a second server on the same port start and silently take half the
      // connections. Off, a taken port is an error at start-up.
      reusePort: false,
    })
  } catch (err) {
    deps.database.client.close()
    throw listenError(err, at)
  }
  // Only once the port is ours: a second start that cannot listen must not replace the password the first printed.
  const demo = flags.demo ? await ensureDemoTeam(deps) : undefined
  const demoUser = demo ? await ensureDemoUser(deps, { team: 'demo' }) : undefined
  const server = app.server
  if (!server) throw new Error('the HTTP server did not start')
  if (!flags.demo) void checkScorer(deps)
  void logEmailCheck(deps)
  void warnIfNewer(deps)
  void warnOfCaseTwins(deps)
  // Housekeeping also runs now: a monthly run missed while the server was down is caught up.
  const scheduler = startScheduler(deps, { housekeepingNow: true })

  // Units of counted calls still in flight go back to their teams. Bounded: a database that does not answer must
  // not keep the process from exiting.
  const giveBackHeldUnits = () =>
    Promise.race([
      giveBackUnfinished(deps),
      new Promise<number>((resolve) => setTimeout(() => resolve(0), GIVE_BACK_BOUND_MS).unref()),
    ]).catch((err) => {
      deps.log.error('give_back_failed', { err })
      return 0
    })

  /**
   * Graceful shutdown: stop listening (Bun refuses new connections at once and closes idle keep-alive ones), let
   * requests in flight and the running job finish or stop at their safe point, then close the database and exit 0.
   * All of it within `server.shutdown_timeout_ms`; after that the process exits anyway (still 0: what was cut off is
   * safe, since every write is a transaction and an unfinished pass's mentions stay queued), first giving back the
   * units of the counted calls it cuts off: they did not succeed, so they are not charged
   * (docs/api.md#reserve-and-give-back).
   */
  const shutdown = async (signal: NodeJS.Signals) => {
    const timeoutMs = config.server.shutdown_timeout_ms
    let timer: Timer | undefined
    const deadline = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs)
    })
    // stop(false): requests in flight get their answers; it resolves when the last connection has closed. The
    // listening socket is closed before stop() returns, so the log line below comes after it.
    const drained = Promise.all([app.stop(false), scheduler.stop()]).then(() => true as const)
    deps.log.info('shutdown_started', { signal, timeoutMs })
    let code = 0
    try {
      if (await Promise.race([drained, deadline])) {
        await giveBackHeldUnits() // none is left by then; this writes the last holds' releases
        deps.database.client.close()
        deps.log.info('shutdown_complete', { signal })
      } else {
        // Exiting cuts what is left. The database is not closed under a job that may be inside a write: the exit
        // leaves that transaction uncommitted, and SQLite rolls it back on the next open. What was committed is
        // copied back into the file all the same: the process exits 0, which an operator takes for a clean stop.
        const unitsGivenBack = await giveBackHeldUnits()
        await copyLogBack(deps.database)
        deps.log.warn('shutdown_timeout', {
          signal,
          timeoutMs,
          unitsGivenBack,
          reason: 'requests or a job were still running; they are cut off',
        })
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
  const onSignal = async (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      // A second signal: the operator does not want to wait. Every write is its own transaction, so this is safe.
      deps.log.warn('shutdown_forced', { signal, unitsGivenBack: await giveBackHeldUnits() })
      process.exit(1)
    }
    shuttingDown = true
    void shutdown(signal)
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, onSignal)
  // Said only now: a supervisor that stops the server as soon as it has said so (a test, a health script) found no
  // handler yet, and the signal ended the process outright, its database unclosed and its -wal left uncopied.
  const address = listeningAddress(server)
  const url = address.url
  console.log(listeningLine(address, Math.round(performance.now() - started)))
  if (demo) {
    console.log(
      `Demo team "demo" ${demo.created ? 'created' : 'already present; issued another key (earlier ones still work)'}. API key (shown once):`,
    )
    console.log(`  ${demo.apiKey}`)
    console.log(`Try:  curl -s -H 'x-api-key: ${demo.apiKey}' ${url}/api/v1/usage`)
    // For an assistant first: where MCP is and how the key goes with it (docs/api.md#mcp-over-http).
    console.log(`MCP:  ${url}/mcp  (Streamable HTTP, the same key in the x-api-key header)`)
    if (demoUser)
      console.log(`Console: ${url}/  sign in as ${demoUser.email} with password ${demoUser.password} (shown once)`)
    console.log(`Docs: ${url}/swagger`)
    if (at.host === '127.0.0.1' && !config.server.host)
      console.log('Only this machine can connect; to open it up set server.host (LEAD_SIGNALS_SERVER_HOST=0.0.0.0).')
  }
  return new Promise<number>(() => {})
}

/** The deps, once the database has taken a write: a server that cannot write it would fail every counted call. */
async function writableDeps(config: Config): Promise<Deps> {
  let deps: Deps | undefined
  try {
    deps = await buildDeps(config)
    await requireWritable(deps)
    return deps
  } catch (err) {
    deps?.database.client.close()
    throw unwritable(err)
  }
}
