// Seeds the benchmark database: one team on an unlimited plan, its key, two ICP profiles and 1,000,000 signals, and
// a second team, without signals, on a limited plan too large to run out (its counted calls take held units).
// The file is cached in bench/.out/ under a name that carries SEED_VERSION and a hash of the embedded migrations,
// so a re-run reuses it and a schema change seeds afresh.
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type Client, createClient, type InStatement } from '@libsql/client'
import { migrations } from '../drizzle/migrations'
import { loadConfig } from '../src/config/load'
import { buildDeps } from '../src/deps'
import { createTeam } from '../src/domain/teams/teams'
import { newId } from '../src/lib/ids'
import { silentLogger } from '../test/support/log'
import { truncate } from '../src/lib/text'

const SEED_VERSION = 2
export const SIGNALS = 1_000_000
const ROWS_PER_INSERT = 1000 // 15 columns → 15,000 bound values, under SQLite's 32,766
const INSERTS_PER_TX = 20

export type Seeded = {
  configPath: string
  dbPath: string
  teamId: string
  apiKey: string
  // The key of the team on the limited plan (LIMITED_PLAN).
  limitedApiKey: string
  signals: number
  cached: boolean
}

export const PLATFORMS = [
  'reddit',
  'twitter',
  'linkedin',
  'hackernews',
  'youtube',
  'bluesky',
  'github',
  'devto',
  'stackoverflow',
  'mastodon',
]
const PLATFORM_WEIGHTS = [30, 22, 14, 10, 6, 5, 5, 4, 2, 2]
const INTENTS = ['MENTION', 'QUESTION', 'PAIN', 'ACTIVE', 'COMPETITOR']
const INTENT_WEIGHTS = [35, 20, 20, 15, 10]
const KEYWORDS = [
  'crm',
  'sales pipeline',
  'lead generation',
  'customer feedback',
  'cold email',
  'outbound',
  'hubspot alternative',
  'salesforce',
  'pipedrive',
  'b2b saas',
  'churn',
  'onboarding',
  'nps survey',
  'product analytics',
  'customer success',
  'sales automation',
  'email deliverability',
  'linkedin outreach',
  'revenue operations',
  'deal tracking',
]
const ICPS = [
  {
    name: 'B2B SaaS founders',
    description:
      'Founders and sales leads of small B2B SaaS companies who need a CRM, a sales pipeline and lead generation',
  },
  {
    name: 'RevOps teams',
    description:
      'Revenue operations managers at mid-size companies consolidating sales tools, reporting and forecasting',
  },
]
const SENTENCES = [
  'We are looking for a CRM for our five-person sales team and the budget is around two hundred dollars a month.',
  'Switching away from Salesforce because it is far too expensive for a startup of our size.',
  'Cold outreach feels broken lately, we spend hours every week on lead generation that goes nowhere.',
  'How do you collect customer feedback from enterprise users without annoying them with surveys?',
  'Our pipeline report has been broken since Monday and nobody on the team knows how to fix it.',
  'Does anyone have a recommendation for a tool that tags support tickets by theme automatically?',
  'We tried HubSpot for six months, the free tier was great but the jump to the paid plan is brutal.',
  'Honestly the onboarding flow is where we lose most trial users, somewhere between signup and the first import.',
  'Any tips for improving email deliverability after moving to a new sending domain?',
  'I am evaluating Pipedrive and Close for a small agency, mostly for deal tracking and follow-up reminders.',
  'Our churn went up after the price change, so we are talking to every customer who cancels.',
  'Is there a lightweight alternative that does sequences, a shared inbox and simple reporting?',
  'The integration with our data warehouse keeps timing out and the support team has not replied in a week.',
  'We are hiring our first account executive and need a process before they start on the first of the month.',
  'Happy to pay for something that just works; we have wasted too much time stitching spreadsheets together.',
  'Looking at product analytics tools that do not need an engineer to set up every single event.',
  'The NPS survey results came back and the main complaint is slow response time from customer success.',
  'Just shipped a new release with better filtering, would love feedback from anyone running outbound at scale.',
  'LinkedIn outreach still works for us, but only when the message references something the person posted.',
  'Revenue operations is basically a full-time job of cleaning up duplicate contacts at this point.',
]
const REASONS = [
  'Asks for a tool recommendation with a stated budget; matches the ICP.',
  'Complains about a competitor on price and is evaluating alternatives.',
  'Describes a recurring pain with the current process.',
  'General question about the category, no buying signal yet.',
  'Mentions the keyword in passing; low intent.',
  'Explicit intent to switch within the month; decision maker.',
]

const pick = <T>(xs: T[], weights?: number[]): T => {
  if (!weights) return xs[Math.floor(Math.random() * xs.length)]
  let r = Math.random() * weights.reduce((a, b) => a + b, 0)
  for (let i = 0; i < xs.length; i++) {
    r -= weights[i]
    if (r < 0) return xs[i]
  }
  return xs[xs.length - 1]
}

function paragraph(chars: number): string {
  let text = ''
  while (text.length < chars) text += (text ? ' ' : '') + pick(SENTENCES)
  return truncate(text, chars)
}

// A pool of texts to draw from: building a million distinct kilobyte strings would time the generator, not SQLite.
const POOL = 4096
const contents = Array.from({ length: POOL }, () => paragraph(800 + Math.floor(Math.random() * 400)))
const previews = contents.map((c) => truncate(c, 180 + Math.floor(Math.random() * 40)))

/** Mostly 4 to 9, a tail down to 0 and up to 10, one decimal; ACTIVE leans higher, MENTION lower. */
function scoreFor(intent: string): number {
  const shift = intent === 'ACTIVE' ? 1.5 : intent === 'MENTION' ? -1.5 : 0
  const gauss = (Math.random() + Math.random() + Math.random() + Math.random() - 2) * 2.2
  return Math.round(Math.min(10, Math.max(0, 6.2 + shift + gauss)) * 10) / 10
}

// A monthly limit no bench run reaches: every counted call of its team takes a held unit and keeps it.
export const LIMITED_PLAN = 'bench-limited'

const seedKey = () =>
  createHash('sha256')
    .update(`${SEED_VERSION}:${SIGNALS}:` + migrations.map((m) => m.sql).join('\n'))
    .digest('hex')
    .slice(0, 12)

/** The configuration the bench's servers run with; `extra` adds TOML (a section's own plans, say). */
export function benchToml(dbPath: string, extra = ''): string {
  return `# Written by the bench (bench/seed.ts)
[server]
host = "127.0.0.1"
port = 0

[database]
url = ${JSON.stringify('file:' + dbPath)}

[scorer]
backend = "rules"

[polling]
enabled = false

[plans.bench]
api_access = true
monthly_requests = "unlimited"
platforms = ${JSON.stringify(PLATFORMS)}

[plans.${LIMITED_PLAN}]
api_access = true
monthly_requests = 1000000000
platforms = ${JSON.stringify(PLATFORMS)}
${extra}`
}

export async function seed(dir: string, log: (line: string) => void = console.log): Promise<Seeded> {
  const outDir = resolve(dir)
  mkdirSync(outDir, { recursive: true })
  const name = `seed-v${SEED_VERSION}-${seedKey()}`
  const dbPath = join(outDir, `${name}.db`)
  const metaPath = join(outDir, `${name}.json`)
  const configPath = join(outDir, `${name}.toml`)
  writeFileSync(configPath, benchToml(dbPath))
  if (existsSync(dbPath) && existsSync(metaPath)) {
    return { ...JSON.parse(readFileSync(metaPath, 'utf8')), configPath, dbPath, cached: true }
  }

  const tmpPath = `${dbPath}.tmp`
  for (const suffix of ['', '-wal', '-shm']) rmSync(tmpPath + suffix, { force: true })
  const started = performance.now()

  // Schema, team, key and ICP profiles through the service's own code.
  const config = loadConfig({ env: {}, fileText: benchToml(tmpPath) })
  const deps = await buildDeps(config, { log: silentLogger })
  const { team, apiKey } = await createTeam(deps, { name: 'bench', plan: 'bench' })
  const limited = await createTeam(deps, { name: 'bench limited', plan: LIMITED_PLAN })
  const now = new Date()
  for (const icp of ICPS)
    await deps.repos.icpProfiles.insert({ id: newId('icp'), teamId: team.id, ...icp, createdAt: now.toISOString() })
  deps.database.client.close()

  // Signals straight through libSQL: multi-row INSERTs, many per transaction, indexes built once at the end.
  const client = createClient({ url: 'file:' + tmpPath })
  await client.executeMultiple('PRAGMA synchronous = OFF; PRAGMA cache_size = -262144;')
  const indexes = (
    await client.execute(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'signals' AND sql IS NOT NULL",
    )
  ).rows
  for (const ix of indexes) await client.execute(`DROP INDEX "${ix.name}"`)
  await insertSignals(client, team.id, now.getTime(), log)
  log(`  building ${indexes.length} signal indexes…`)
  for (const ix of indexes) await client.execute(String(ix.sql))
  await client.execute({ sql: 'UPDATE teams SET signals_version = signals_version + 1 WHERE id = ?', args: [team.id] })
  await client.execute('PRAGMA wal_checkpoint(TRUNCATE)')
  client.close()

  for (const suffix of ['-wal', '-shm']) rmSync(tmpPath + suffix, { force: true })
  renameSync(tmpPath, dbPath)
  const meta = { teamId: team.id, apiKey, limitedApiKey: limited.apiKey, signals: SIGNALS }
  writeFileSync(metaPath, JSON.stringify(meta, null, 2))
  log(`  seeded ${SIGNALS.toLocaleString('en')} signals in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return { ...meta, configPath, dbPath, cached: false }
}

const COLUMNS =
  '(id, team_id, platform, post_id, author, intent, score, reason, icp_match, preview, content_full, url, keyword, published_at, detected_at)'
const PLACEHOLDERS = '(' + Array(15).fill('?').join(',') + ')'
const INSERT_SQL = `INSERT INTO signals ${COLUMNS} VALUES ` + Array(ROWS_PER_INSERT).fill(PLACEHOLDERS).join(',')
const YEAR_MS = 365 * 24 * 3600 * 1000

async function insertSignals(client: Client, teamId: string, nowMs: number, log: (line: string) => void) {
  let i = 0
  let lastReport = performance.now()
  while (i < SIGNALS) {
    const statements: InStatement[] = []
    for (let s = 0; s < INSERTS_PER_TX && i < SIGNALS; s++) {
      const ids = randomBytes(12 * ROWS_PER_INSERT).toString('base64url') // 16 characters per id
      const args: (string | number | null)[] = []
      for (let r = 0; r < ROWS_PER_INSERT; r++, i++) {
        const platform = pick(PLATFORMS, PLATFORM_WEIGHTS)
        const intent = pick(INTENTS, INTENT_WEIGHTS)
        const text = i % POOL
        const published = nowMs - Math.floor(Math.random() * YEAR_MS)
        args.push(
          'sig_' + ids.slice(r * 16, r * 16 + 16),
          teamId,
          platform,
          `p${i}`,
          `user_${Math.floor(Math.random() * 50_000)}`,
          intent,
          scoreFor(intent),
          pick(REASONS),
          Math.random() < 0.4 ? pick(ICPS).name : null,
          previews[text],
          Math.random() < 0.9 ? contents[text] : null,
          `https://example.com/${platform}/p${i}`,
          pick(KEYWORDS),
          new Date(published).toISOString(),
          new Date(published + Math.floor(Math.random() * 3_600_000)).toISOString(),
        )
      }
      statements.push({ sql: INSERT_SQL, args })
    }
    await client.batch(statements, 'write')
    if (performance.now() - lastReport > 5000) {
      log(`  ${i.toLocaleString('en')} signals…`)
      lastReport = performance.now()
    }
  }
}
