// `npm run bench`: three sections, all against the built executable.
//   http:     the server on a database of 1,000,000 signals, each route next to a bare Bun.serve ceiling measured
//             just before it. Both are driven by the same load generator (bench/load.ts, its own process): 32
//             keep-alive connections, 1 s warm-up, then BENCH_DURATION_MS (default 6000) measured per scenario. Each
//             route's first answer is checked before it is loaded, and any non-200 under load fails the row.
//             Results also go to bench/.out/last-run.json.
//   pipeline: a keyword-polling pass over 100,000 posts from a local fake platform, next to a bare client fetching
//             the same pages (bench/pipeline.ts). Results also go to bench/.out/last-pipeline.json.
//   hostile:  request bodies built to stall the server (nesting depth 20,000; 1 MB of depth 60): time to the 400 and
//             RSS before, during and after (bench/hostile.ts). Results also go to bench/.out/last-hostile.json.
//   import:   GET /api/v1/signals against the server while `signals import` of 200,000 lines writes to the same
//             database (bench/import.ts). Results also go to bench/.out/last-import.json.
//   export:   GET /api/v1/signals/export of the 1,000,000 signals in CSV and JSON Lines, time and the server's RSS
//             growth, each beside a bare Bun.serve stream of the same size (bench/export.ts). Results also go to
//             bench/.out/last-export.json.
//   sqld:     GET /api/v1/signals and POST /api/v1/leads/score through 1 and 2 executables on one libSQL server,
//             on an unlimited and a limited plan, beside the embedded file (bench/sqld.ts). Results also go to bench/.out/last-sqld.json.
//   delivery: messages a second the delivery worker sends: instant webhooks, and e-mails through a real SMTP server
//             (bench/delivery.ts). Results also go to bench/.out/last-delivery.json.
//   streams:  the streams against fakes replaying Bluesky, Hacker News and Stack Overflow (bench/streams.ts): delivery
//             latency, requests per hour with 10 and 10,000 queries, CPU and RSS. Results also go to
//             bench/.out/last-streams.json.
// Some sections only: `npm run bench -- pipeline,import` (any of http, pipeline, hostile, import, export, sqld, delivery, streams), or
// BENCH_ONLY=…. Some http rows only: BENCH_ROWS=usage,limited (rows whose name holds any of these, each after its
// ceiling; start-up, RSS and the console's first page are then left out). `--check` compares this run's figures with bench/reference.json and exits 1 on a regression beyond the
// measured noise; `--save-reference` writes that file from the last runs (bench/check.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { consoleFirstPage, consoleUser } from './console'
import { compare, formatVerdicts, type Reference, referenceFrom, remember, saveReference } from './check'
import { deliverySection } from './delivery'
import { exportSection } from './export'
import { figuresSince } from './figures'
import { hostileSection } from './hostile'
import { importSection } from './import'
import type { LoadResult, LoadSpec } from './load'
import { pipelineSection } from './pipeline'
import { seed } from './seed'
import { sqldSection } from './sqld'
import { streamsSection } from './streams'
import { cpuMs, type Listening, rssMb, spawnListening } from './spawn'

const ROOT = resolve(import.meta.dir, '..')
// BENCH_BINARY: compare another build (e.g. an experiment) against the same seeded database.
const BINARY = resolve(process.env.BENCH_BINARY ?? join(ROOT, 'dist/lead-signals'))
const OUT = join(ROOT, 'bench/.out')
const HISTORY = join(OUT, 'history.jsonl')
const REFERENCE = join(ROOT, 'bench/reference.json')
const CONNECTIONS = 32
const WARMUP_MS = 1000
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 6000)
const STARTS = 3

const SCORE_POST =
  'We are a 12-person B2B SaaS team and our sales pipeline lives in three spreadsheets. ' +
  'Looking for a CRM that handles deal tracking and follow-up reminders without a six-week rollout. ' +
  'HubSpot quoted us way over budget. Anyone switched recently and happy with it? Budget around $300/month.'

type Answer = Record<string, any>
/** 'ok', or what is wrong with the answer: every row checks the first answer of its route before it is loaded. */
type Verify = (body: Answer) => string
const why = (checks: [boolean, string][]) => checks.find(([ok]) => !ok)?.[1] ?? 'ok'

const SIGNAL_PAGE_SIZE = 20
const signalPage = (body: Answer, offset: number, each: (s: Answer) => boolean = () => true) =>
  why([
    [Array.isArray(body.signals) && body.signals.length === SIGNAL_PAGE_SIZE, 'not a full page of signals'],
    [body.offset === offset && body.total >= offset + SIGNAL_PAGE_SIZE, `offset ${body.offset}, total ${body.total}`],
    [
      (body.signals ?? []).every((s: Answer, i: number, all: Answer[]) => i === 0 || all[i - 1].score >= s.score),
      'not sorted by score',
    ],
    [(body.signals ?? []).every(each), 'a signal outside the filters'],
  ])

// `target`: the share of the bare Bun.serve ceiling the row must reach (docs/performance.md). `{n}` in a path is
// replaced by a per-request counter (see bench/load.ts).
// `team`: whose key the row sends, the seeded team's (an unlimited plan, the default) or the limited plan's.
type Scenario = {
  name: string
  path: string
  method?: string
  body?: unknown
  target: number
  verify: Verify
  team?: 'limited'
}
const SCENARIOS: Scenario[] = [
  {
    name: 'GET /api/v1/usage',
    path: '/api/v1/usage',
    target: 0.45,
    verify: (b) => why([[b.plan === 'bench' && b.usage?.limit === null, `plan ${b.plan}, limit ${b.usage?.limit}`]]),
  },
  { name: 'GET /api/v1/signals', path: '/api/v1/signals', target: 0.25, verify: (b) => signalPage(b, 0) },
  {
    name: 'GET /api/v1/signals?intent=ACTIVE&minScore=7',
    path: '/api/v1/signals?intent=ACTIVE&minScore=7',
    target: 0.25,
    verify: (b) => signalPage(b, 0, (s) => s.intent === 'ACTIVE' && s.score >= 7),
  },
  {
    name: 'GET /api/v1/signals?offset=100000',
    path: '/api/v1/signals?offset=100000',
    target: 0.25,
    verify: (b) => signalPage(b, 100_000),
  },
  // The rows above repeat one URL, which the signals page cache answers after the first request. This one walks
  // 5,000 different pages (more than the cache keeps), so nearly every request reads the database.
  {
    name: 'GET /api/v1/signals?offset={n×20} (5,000 pages, uncached)',
    path: '/api/v1/signals?offset={n}',
    target: 0.08,
    verify: (b) => signalPage(b, 0),
  },
  {
    name: 'POST /api/v1/leads/score (a new post each time)',
    path: '/api/v1/leads/score',
    method: 'POST',
    // A post of its own each request ({n}: bench/load.ts), as callers send: the same text every time once measured
    // judging a post already read, not reading it (docs/performance.md#the-figures).
    body: { content: `${SCORE_POST} (Posted as #{n}.)`, keyword: 'crm' },
    target: 0.3,
    // The post asks for a CRM and names a rival it finds too dear: a buyer, whatever the exact score.
    verify: (b) =>
      why([
        [['ACTIVE', 'COMPETITOR'].includes(b.intent), `intent ${b.intent}`],
        [b.score >= 6 && b.qualified === true, `score ${b.score}, qualified ${b.qualified}`],
      ]),
  },
  // The same call on a limited plan: each request also takes a held unit on the team's row, writes its receipt,
  // and keeps the unit (docs/api.md#reserve-and-give-back), on the embedded file. Against the row above: what an
  // exact quota costs a request.
  {
    name: 'POST /api/v1/leads/score (limited plan, a new post each time)',
    path: '/api/v1/leads/score',
    method: 'POST',
    body: { content: `${SCORE_POST} (Posted as #{n}.)`, keyword: 'crm' },
    target: 0.25,
    team: 'limited',
    verify: (b) => why([[['ACTIVE', 'COMPETITOR'].includes(b.intent), `intent ${b.intent}`]]),
  },
]
// BENCH_ROWS: the rows to run (see the top of this file); all when unset.
const ROWS = (process.env.BENCH_ROWS ?? '').split(',').filter(Boolean)
const CHOSEN = SCENARIOS.filter((s) => ROWS.length === 0 || ROWS.some((r) => s.name.includes(r)))
const TARGET = { p99Ms: 25, startupMs: 500, idleRssMb: 150 }

type Server = Listening
type Row = { s: Scenario; r: LoadResult & { cpuUs: number }; ceiling: LoadResult; answered: string }

async function stop(server: Server) {
  server.proc.kill('SIGTERM')
  const killer = setTimeout(() => server.proc.kill('SIGKILL'), 5000)
  await server.proc.exited
  clearTimeout(killer)
}

/** Spawns `cmd` and times it to its first answer to `path`; stopped again before returning. */
async function firstAnswer(cmd: string[], path: string, init?: RequestInit) {
  const t0 = performance.now()
  const server = await spawnListening(cmd, OUT)
  const res = await fetch(server.url + path, init)
  await res.arrayBuffer()
  const ms = performance.now() - t0
  await stop(server)
  return { ms, status: res.status, startupMs: server.startupMs }
}

async function load(spec: Omit<LoadSpec, 'connections' | 'warmupMs' | 'durationMs'>): Promise<LoadResult> {
  const full: LoadSpec = { ...spec, connections: CONNECTIONS, warmupMs: WARMUP_MS, durationMs: DURATION_MS }
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, 'load.ts'), JSON.stringify(full)], {
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const [text, status] = await Promise.all([new Response(proc.stdout).text(), proc.exited])
  if (status !== 0) throw new Error(`load generator exited with ${status}`)
  return JSON.parse(text) as LoadResult
}

const requestOf = (s: Scenario, apiKey: string) => ({
  method: s.method ?? 'GET',
  headers: { 'x-api-key': apiKey, ...(s.body ? { 'content-type': 'application/json' } : {}) },
  body: s.body ? JSON.stringify(s.body) : undefined,
})

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a')
const mark = (ok: boolean) => (ok ? 'pass' : 'FAIL')

async function warmFileCache(path: string) {
  const reader = Bun.file(path).stream().getReader()
  while (!(await reader.read()).done) {}
}

async function httpSection() {
  console.log(`bench: seeding (or reusing) the database in bench/.out …`)
  const seeded = await seed(OUT, (l) => console.log(l))
  console.log(
    `bench: ${seeded.signals.toLocaleString('en')} signals in ${seeded.dbPath}${seeded.cached ? ' (cached)' : ''}`,
  )
  const serveCmd = [BINARY, 'serve', '--config', seeded.configPath]
  const probe = { headers: { 'x-api-key': seeded.apiKey } }

  // Start-up: spawn to the first answered request, a few cold starts reported as the median, each after a start of
  // the bare server (the baseline) measured the same way.
  const startups: number[] = []
  const bareStartups: number[] = []
  const selfReported: number[] = []
  const bareCmd = [process.execPath, join(import.meta.dir, 'baseline.ts')]
  for (let i = 0; i < (ROWS.length ? 0 : STARTS); i++) {
    bareStartups.push((await firstAnswer(bareCmd, '/')).ms)
    const { ms, status, startupMs } = await firstAnswer(serveCmd, '/api/v1/usage', probe)
    startups.push(ms)
    if (startupMs !== undefined) selfReported.push(startupMs)
    if (status !== 200) throw new Error(`GET /api/v1/usage answered ${status} during start-up`)
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  const startupMs = median(startups)
  const bareStartupMs = median(bareStartups)

  // The ceiling is measured right before each scenario, so that a change in what else the machine does moves both
  // figures of a ratio alike; the bare server stays up (idle) while the service is measured.
  const baseline = await spawnListening([process.execPath, join(import.meta.dir, 'baseline.ts')], OUT)
  const consolePassword = ROWS.length ? '' : await consoleUser(BINARY, seeded.configPath, OUT)
  const server = await spawnListening(serveCmd, OUT)
  const firstPage = ROWS.length
    ? { ok: true, ms: 0, files: 0, bytes: 0, total: 0 }
    : await consoleFirstPage(server.url, consolePassword)
  const rows: Row[] = []
  let idleRss = Number.NaN
  let loadedRss = 0
  try {
    await (await fetch(server.url + '/api/v1/usage', probe)).arrayBuffer()
    await Bun.sleep(1000)
    idleRss = rssMb(server.proc.pid)
    const sampler = setInterval(() => {
      loadedRss = Math.max(loadedRss, rssMb(server.proc.pid) || 0)
    }, 100)
    try {
      for (const s of CHOSEN) {
        const req = requestOf(s, s.team === 'limited' ? seeded.limitedApiKey : seeded.apiKey)
        const check = await fetch(server.url + s.path.replace('{n}', '0'), {
          ...req,
          body: req.body?.replace('{n}', '0'),
        })
        const answered = check.status === 200 ? s.verify((await check.json()) as Answer) : `status ${check.status}`
        // The database file is read through right before each row, so that every row starts with it in the OS's file
        // cache whatever ran before. This machine's kernel reclaims pages left unused for a while (kdamond), and a
        // file read a minute earlier had partly gone: cold, the uncached row measured the disk (62-630 req/s, p99 up
        // to 2 s, against about 2,000 warm).
        await warmFileCache(seeded.dbPath)
        console.log(`bench: baseline (bare Bun.serve), then ${s.name} …`)
        const ceiling = await load({ url: baseline.url + '/' })
        const cpuBefore = cpuMs(server.proc.pid)
        const r = await load({ url: server.url + s.path, ...req })
        // The server's CPU a request, which the machine's other work moves far less than its rate.
        const cpuUs = ((cpuMs(server.proc.pid) - cpuBefore) * 1000) / r.sent
        rows.push({ s, r: { ...r, cpuUs }, ceiling, answered })
      }
    } finally {
      clearInterval(sampler)
    }
  } finally {
    await stop(server)
    await stop(baseline)
  }

  // The table: each row beside the ceiling measured just before it.
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'ceiling req/s', 'vs ceiling', 'target']
  const table: string[][] = []
  let failed = 0
  for (const { s, r, ceiling, answered } of rows) {
    const ratio = r.rps / ceiling.rps
    const non200 = Object.entries(r.statuses).filter(([code]) => code !== '200')
    const ok = ratio >= s.target && r.p99Ms < TARGET.p99Ms && !non200.length && !r.errors && answered === 'ok'
    let verdict = `${mark(ok)} (≥ ${s.target * 100}%, p99 < ${TARGET.p99Ms} ms)`
    if (!ok) failed++
    if (answered !== 'ok') verdict += `  [wrong answer: ${answered}]`
    if (non200.length || r.errors)
      verdict += `  [non-200: ${JSON.stringify(Object.fromEntries(non200))}, errors: ${r.errors}]`
    table.push([
      s.name,
      fmt(r.rps, 0),
      fmt(r.p50Ms, 2),
      fmt(r.p99Ms, 2),
      fmt(r.cpuUs, 0),
      fmt(ceiling.rps, 0),
      `${fmt(ratio * 100)}%`,
      verdict,
    ])
  }
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)))
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : i === 7 ? c : c.padStart(widths[i]))).join('  ')
  console.log()
  console.log(
    `${CONNECTIONS} connections, ${WARMUP_MS} ms warm-up, ${DURATION_MS} ms measured per scenario; ${seeded.signals.toLocaleString('en')} signals`,
  )
  console.log(line(header))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const row of table) console.log(line(row))
  console.log()
  // Some rows only: a comparison of builds, kept out of the figures --check reads (bench/.out/last-rows.json).
  if (ROWS.length) return writeFileSync(join(OUT, 'last-rows.json'), JSON.stringify(resultOf(rows), null, 2))
  const consoleOk = firstPage.ok && firstPage.ms < 1000
  if (!consoleOk) failed++
  console.log(
    `console first page (page, ${firstPage.files} files of ${fmt(firstPage.bytes / 1024)} kB, sign-in, first 20 of ${firstPage.total.toLocaleString('en')} signals), cold: ${fmt(firstPage.ms)} ms  ${mark(consoleOk)} (< 1000 ms)`,
  )
  const startupOk = startupMs < TARGET.startupMs
  const rssOk = idleRss < TARGET.idleRssMb
  if (!startupOk) failed++
  if (!rssOk) failed++
  console.log(
    `start-up (spawn → first answered request, median of ${STARTS}): ${fmt(startupMs, 0)} ms  ${mark(startupOk)} (< ${TARGET.startupMs} ms)` +
      (selfReported.length ? `   [self-reported startupMs: ${selfReported.join(', ')}]` : '') +
      `   bare Bun.serve: ${fmt(bareStartupMs, 0)} ms`,
  )
  console.log(`idle RSS after start-up: ${fmt(idleRss)} MB  ${mark(rssOk)} (< ${TARGET.idleRssMb} MB)`)
  console.log(`loaded RSS (max during runs): ${fmt(loadedRss)} MB`)
  console.log(failed ? `\n${failed} target(s) missed` : '\nall targets met')

  writeFileSync(
    join(OUT, 'last-run.json'),
    JSON.stringify(
      {
        ...resultOf(rows),
        startupMs,
        startups,
        bareStartupMs,
        bareStartups,
        selfReported,
        idleRssMb: idleRss,
        loadedRssMb: loadedRss,
      },
      null,
      2,
    ),
  )
}

/** The rows of a run of the http section, as its result files hold them. */
const resultOf = (rows: Row[]) => ({
  at: new Date().toISOString(),
  connections: CONNECTIONS,
  warmupMs: WARMUP_MS,
  durationMs: DURATION_MS,
  scenarios: rows.map(({ s, r, ceiling, answered }) => ({
    name: s.name,
    ...r,
    ceiling,
    ratio: r.rps / ceiling.rps,
    answered,
  })),
})

const SECTIONS = {
  http: httpSection,
  pipeline: () => pipelineSection({ binary: BINARY, outDir: OUT }),
  hostile: () => hostileSection({ binary: BINARY, outDir: OUT }),
  import: () => importSection({ binary: BINARY, outDir: OUT }),
  export: () => exportSection({ binary: BINARY, outDir: OUT }),
  sqld: () => sqldSection({ binary: BINARY, outDir: OUT, load, stop, scorePost: SCORE_POST }),
  delivery: () => deliverySection({ binary: BINARY, outDir: OUT }),
  streams: () => streamsSection({ binary: BINARY, outDir: OUT }),
}
type Section = keyof typeof SECTIONS
const NAMES = Object.keys(SECTIONS) as Section[]
const args = process.argv.slice(2)
const CHECK = args.includes('--check')
const SAVE_REFERENCE = args.includes('--save-reference')
const only = (args.find((a) => !a.startsWith('--')) ?? process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
const unknown = only.filter((s) => !(NAMES as string[]).includes(s))
if (unknown.length) throw new Error(`unknown bench section ${unknown.join(', ')}; the sections are ${NAMES.join(', ')}`)

if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing; run \`npm run build\` first`)
const chosen = NAMES.filter((name) => only.length === 0 || only.includes(name))
const startedAt = new Date()
for (const [i, name] of chosen.entries()) {
  if (i > 0) console.log()
  await SECTIONS[name]()
}

// docs/performance.md#checking-for-regressions
const figures = figuresSince(OUT, startedAt)
remember(HISTORY, figures, startedAt)
if (SAVE_REFERENCE) {
  saveReference(REFERENCE, referenceFrom(HISTORY))
  console.log(`\nbench: ${REFERENCE} written from the last runs in ${HISTORY}`)
}
if (CHECK) {
  if (!existsSync(REFERENCE)) throw new Error(`${REFERENCE} is missing: make one with --save-reference`)
  const verdicts = compare(figures, JSON.parse(readFileSync(REFERENCE, 'utf8')) as Reference)
  console.log(`\nbench --check against ${REFERENCE}:\n${formatVerdicts(verdicts)}`)
  if (verdicts.some((v) => !v.ok)) process.exitCode = 1
}
