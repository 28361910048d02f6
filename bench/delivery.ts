// The delivery section (docs/performance.md#delivery; alone: `bun bench/delivery.ts`, after `npm run build`).
//
// How many messages a second the built executable's delivery worker sends: instant webhooks (2,000 signals stored
// as a polling pass stores them, one outbox row each, to a receiver answering 200 at once) and e-mails (400 e-mail
// destinations with one window each, claimed as the worker claims them, sent through a real SMTP server, the
// smtp-server library, with STARTTLS and AUTH, that takes each message and drops it). Both receivers run in this
// process. The clock starts when `serve` listens and stops when the last delivery is written succeeded. Then bare
// senders (delivery-baseline.ts) send as many to the same receivers: the host's ceiling, which `--check` reads beside.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createClient } from '@libsql/client'
import { SMTPServer } from 'smtp-server'
import { loadConfig } from '../src/config/load'
import { buildDeps } from '../src/deps'
import { createEndpoint } from '../src/domain/webhooks/endpoints'
import { createTeam } from '../src/domain/teams/teams'
import { silentLogger } from '../test/support/log'
import { signalRow, storeSignals } from '../test/support/webhooks'
import { bareEmails, bareWebhooks } from './delivery-baseline'
import { spawnListening } from './spawn'

const WEBHOOK_SIGNALS = 2000
const EMAILS = 400
const SIGNALS_PER_EMAIL = 5
const AUTH = { user: 'bench', password: 'bench-password' }

export type DeliveryReport = {
  webhooksPerSec: number
  emailsPerSec: number
  webhooks: number
  emails: number
  /** The bare senders' rates, measured right after the worker's (delivery-baseline.ts). */
  bareWebhooksPerSec: number
  bareEmailsPerSec: number
}

function smtpServer() {
  let accepted = 0
  const server = new SMTPServer({
    logger: false,
    authMethods: ['PLAIN'],
    onAuth: (a, _s, cb) => (a.password === AUTH.password ? cb(null, { user: a.username }) : cb(new Error('no'))),
    onData(stream, _s, cb) {
      stream.on('data', () => {})
      stream.on('end', () => {
        accepted++
        cb()
      })
    },
  })
  return new Promise<{ port: number; accepted: () => number; stop: () => void }>((ok) =>
    server.listen(0, '127.0.0.1', () =>
      ok({
        port: (server.server.address() as { port: number }).port,
        accepted: () => accepted,
        stop: () => server.close(),
      }),
    ),
  )
}

const configText = (dbPath: string, smtpPort: number) => `[database]
url = ${JSON.stringify(`file:${dbPath}`)}
[server]
host = "127.0.0.1"
port = 0
log_requests = false
[polling]
enabled = false
[scorer]
backend = "rules"
[webhooks]
allow_private_targets = true
# One destination per e-mail sent instantly: more than the default cap of 20 a team.
max_endpoints_per_team = ${EMAILS}
[email]
host = "127.0.0.1"
port = ${smtpPort}
security = "starttls"
user = "${AUTH.user}"
password = "${AUTH.password}"
from = "bench@example.test"
verify_certificates = false
`

/** Seeds `dbPath` with what `kind` sends; answers how many deliveries it queued. */
async function seed(text: string, kind: 'webhook' | 'email', receiver: string): Promise<number> {
  const deps = await buildDeps(loadConfig({ env: {}, fileText: text }), { log: silentLogger })
  try {
    const { team } = await createTeam(deps, { name: 'bench', plan: 'growth' })
    if (kind === 'webhook') {
      const input = { kind, url: `${receiver}/hook`, cadence: 'instant', digestHour: 9, timeZone: 'UTC' } as const
      const filters = { quietHours: null, enabled: true, minScore: 0, intents: null, keywords: null, platforms: null }
      await createEndpoint(deps, { teamId: team.id, input: { ...input, ...filters } })
      for (let i = 0; i < WEBHOOK_SIGNALS; i += 500)
        await storeSignals(
          deps,
          Array.from({ length: 500 }, () => signalRow(team.id)),
        )
      return WEBHOOK_SIGNALS
    }
    const at = Date.now() - 3_600_000
    const detectedAt = new Date(at + 1000).toISOString()
    await storeSignals(
      deps,
      Array.from({ length: SIGNALS_PER_EMAIL }, () => signalRow(team.id, { detectedAt })),
    )
    for (let i = 0; i < EMAILS; i++) {
      const input = { kind, to: `rep${i}@example.test`, cadence: 'instant', digestHour: 9, timeZone: 'UTC' } as const
      const filters = { quietHours: null, enabled: true, minScore: 0, intents: null, keywords: null, platforms: null }
      const { endpoint } = await createEndpoint(deps, { teamId: team.id, input: { ...input, ...filters } })
      await deps.repos.destinationWindows.claim({
        endpointId: endpoint.id,
        fromMs: at,
        toMs: at + 60_000,
        deliveryId: `msg_bench_${i}`,
        nowMs: Date.now(),
      })
    }
    return EMAILS
  } finally {
    deps.database.client.close()
  }
}

async function timedRun(binary: string, dir: string, kind: 'webhook' | 'email', smtpPort: number, receiver: string) {
  const dbPath = join(dir, `${kind}.db`)
  const configPath = join(dir, `${kind}.toml`)
  const text = configText(dbPath, smtpPort)
  writeFileSync(configPath, text)
  const n = await seed(text, kind, receiver)
  const db = createClient({ url: `file:${dbPath}` })
  const server = await spawnListening([binary, 'serve', '--config', configPath], dir)
  const started = performance.now()
  try {
    for (;;) {
      const rs = await db.execute("select count(*) as n from webhook_deliveries where status = 'succeeded'")
      if (Number(rs.rows[0].n) >= n) break
      if (performance.now() - started > 120_000) throw new Error(`${kind}: not all delivered in 120 s`)
      await Bun.sleep(20)
    }
    return { n, seconds: (performance.now() - started) / 1000 }
  } finally {
    server.proc.kill('SIGTERM')
    await server.proc.exited
    db.close()
  }
}

export async function deliverySection(a: { binary: string; outDir: string }): Promise<DeliveryReport> {
  const dir = mkdtempSync(join(tmpdir(), 'lead-signals-bench-delivery-'))
  const smtp = await smtpServer()
  let hooks = 0
  const receiver = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: () => {
      hooks++
      return new Response('ok')
    },
  })
  try {
    const w = await timedRun(a.binary, dir, 'webhook', smtp.port, receiver.url.origin)
    const e = await timedRun(a.binary, dir, 'email', smtp.port, receiver.url.origin)
    if (hooks < w.n || smtp.accepted() < e.n) throw new Error(`received ${hooks} webhooks, ${smtp.accepted()} e-mails`)
    const bareW = await bareWebhooks(`${receiver.url.origin}/hook`, w.n)
    const bareE = await bareEmails({ port: smtp.port, ...AUTH }, e.n)
    const report = {
      webhooks: w.n,
      emails: e.n,
      webhooksPerSec: Math.round(w.n / w.seconds),
      emailsPerSec: Math.round((e.n / e.seconds) * 10) / 10,
      bareWebhooksPerSec: Math.round(w.n / bareW),
      bareEmailsPerSec: Math.round((e.n / bareE) * 10) / 10,
    }
    const share = (x: number, of: number) => `${((100 * x) / of).toFixed(1)}% of a bare sender's ${of}/s`
    console.log(
      `delivery: instant webhooks ${report.webhooksPerSec}/s (${w.n} in ${w.seconds.toFixed(2)} s; ` +
        `${share(report.webhooksPerSec, report.bareWebhooksPerSec)}); e-mails ${report.emailsPerSec}/s ` +
        `(${e.n} in ${e.seconds.toFixed(2)} s, STARTTLS + AUTH, one connection each; ` +
        `${share(report.emailsPerSec, report.bareEmailsPerSec)})`,
    )
    mkdirSync(a.outDir, { recursive: true })
    writeFileSync(
      join(a.outDir, 'last-delivery.json'),
      JSON.stringify({ at: new Date().toISOString(), ...report }, null, 2),
    )
    return report
  } finally {
    receiver.stop(true)
    smtp.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.main) {
  const root = resolve(import.meta.dir, '..')
  await deliverySection({ binary: join(root, 'dist/lead-signals'), outDir: join(root, 'bench/.out') })
}
