// `npm run bench`: three sections, all against the built executable.
//   http:     the server on a database of 1,000,000 signals, next to a bare Bun.serve ceiling. Both are driven by the
//             same load generator (bench/load.ts, its own process): 32 keep-alive connections, 1 s warm-up, then
//             BENCH_DURATION_MS (default 6000) measured per scenario. Results also go to bench/.out/last-run.json.
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
//             beside the embedded file (bench/sqld.ts). Results also go to bench/.out/last-sqld.json.
// Some sections only: `npm run bench -- pipeline,import` (any of http, pipeline, hostile, import, export, sqld), or
// BENCH_ONLY=….
import { existsSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { consoleFirstPage, consoleUser } from './console'
import { exportSection } from './export'
import { hostileSection } from './hostile'
import { importSection } from './import'
import type { LoadResult, LoadSpec } from './load'
import { pipelineSection } from './pipeline'
import { seed } from './seed'
import { sqldSection } from './sqld'
import { type Listening, rssMb, spawnListening } from './spawn'

const ROOT = resolve(import.meta.dir, '..')
// BENCH_BINARY: compare another build (e.g. an experiment) against the same seeded database.
const BINARY = resolve(process.env.BENCH_BINARY ?? join(ROOT, 'dist/lead-signals'))
const OUT = join(ROOT, 'bench/.out')
const CONNECTIONS = 32
const WARMUP_MS = 1000
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 6000)
const STARTS = 3

const SCORE_POST =
  'We are a 12-person B2B SaaS team and our sales pipeline lives in three spreadsheets. ' +
  'Looking for a CRM that handles deal tracking and follow-up reminders without a six-week rollout. ' +
  'HubSpot quoted us way over budget. Anyone switched recently and happy with it? Budget around $300/month.'

// `kind: 'info'` rows have no target. `{n}` in a path is replaced by a per-request counter (see bench/load.ts).
type Scenario = {
  name: string
  path: string
  method?: string
  body?: unknown
  kind: 'usage' | 'signals' | 'score' | 'info'
}
const SCENARIOS: Scenario[] = [
  { name: 'GET /api/v1/usage', path: '/api/v1/usage', kind: 'usage' },
  { name: 'GET /api/v1/signals', path: '/api/v1/signals', kind: 'signals' },
  {
    name: 'GET /api/v1/signals?intent=ACTIVE&minScore=7',
    path: '/api/v1/signals?intent=ACTIVE&minScore=7',
    kind: 'signals',
  },
  { name: 'GET /api/v1/signals?offset=100000', path: '/api/v1/signals?offset=100000', kind: 'signals' },
  // The rows above repeat one URL, which the signals page cache answers after the first request. This one walks
  // 5,000 different pages (more than the cache keeps), so nearly every request reads the database.
  {
    name: 'GET /api/v1/signals?offset={n×20} (5,000 pages, uncached)',
    path: '/api/v1/signals?offset={n}',
    kind: 'info',
  },
  {
    name: 'POST /api/v1/leads/score',
    path: '/api/v1/leads/score',
    method: 'POST',
    body: { content: SCORE_POST, keyword: 'crm' },
    kind: 'score',
  },
]
const TARGET = { usageRatio: 0.35, otherRatio: 0.1, p99Ms: 25, startupMs: 500, idleRssMb: 150 }

type Server = Listening

async function stop(server: Server) {
  server.proc.kill('SIGTERM')
  const killer = setTimeout(() => server.proc.kill('SIGKILL'), 5000)
  await server.proc.exited
  clearTimeout(killer)
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

async function httpSection() {
  console.log(`bench: seeding (or reusing) the database in bench/.out …`)
  const seeded = await seed(OUT, (l) => console.log(l))
  console.log(
    `bench: ${seeded.signals.toLocaleString('en')} signals in ${seeded.dbPath}${seeded.cached ? ' (cached)' : ''}`,
  )
  const serveCmd = [BINARY, 'serve', '--config', seeded.configPath]
  const probe = { headers: { 'x-api-key': seeded.apiKey } }

  // Start-up: spawn to the first answered request, best of a few cold starts reported as the median.
  const startups: number[] = []
  const selfReported: number[] = []
  for (let i = 0; i < STARTS; i++) {
    const t0 = performance.now()
    const server = await spawnListening(serveCmd, OUT)
    const res = await fetch(server.url + '/api/v1/usage', probe)
    await res.arrayBuffer()
    startups.push(performance.now() - t0)
    if (server.startupMs !== undefined) selfReported.push(server.startupMs)
    await stop(server)
    if (res.status !== 200) throw new Error(`GET /api/v1/usage answered ${res.status} during start-up`)
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  const startupMs = median(startups)

  console.log('bench: baseline (bare Bun.serve) …')
  const baseline = await spawnListening([process.execPath, join(import.meta.dir, 'baseline.ts')], OUT)
  let ceiling: LoadResult
  try {
    ceiling = await load({ url: baseline.url + '/' })
  } finally {
    await stop(baseline)
  }

  const consolePassword = await consoleUser(BINARY, seeded.configPath, OUT)
  const server = await spawnListening(serveCmd, OUT)
  const firstPage = await consoleFirstPage(server.url, consolePassword)
  const rows: { s: Scenario; r: LoadResult }[] = []
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
      for (const s of SCENARIOS) {
        const req = requestOf(s, seeded.apiKey)
        const check = await fetch(server.url + s.path.replace('{n}', '0'), req)
        if (check.status !== 200) throw new Error(`${s.name} answered ${check.status}: ${await check.text()}`)
        await check.arrayBuffer()
        console.log(`bench: ${s.name} …`)
        const r = await load({ url: server.url + s.path, ...req })
        rows.push({ s, r })
      }
    } finally {
      clearInterval(sampler)
    }
  } finally {
    await stop(server)
  }

  // The table.
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'vs ceiling', 'target']
  const table: string[][] = [
    ['baseline: bare Bun.serve JSON', fmt(ceiling.rps, 0), fmt(ceiling.p50Ms, 2), fmt(ceiling.p99Ms, 2), '100%', ''],
  ]
  let failed = 0
  for (const { s, r } of rows) {
    const ratio = r.rps / ceiling.rps
    const non200 = Object.entries(r.statuses).filter(([code]) => code !== '200')
    let verdict: string
    if (s.kind === 'info') {
      verdict = 'no target: shows the uncached cost'
    } else if (s.kind === 'usage') {
      const ok = ratio >= TARGET.usageRatio
      verdict = `${mark(ok)} (≥ ${TARGET.usageRatio * 100}%)`
      if (!ok) failed++
    } else {
      const ok = ratio >= TARGET.otherRatio && r.p99Ms < TARGET.p99Ms
      verdict = `${mark(ok)} (≥ ${TARGET.otherRatio * 100}%, p99 < ${TARGET.p99Ms} ms)`
      if (!ok) failed++
    }
    if (non200.length || r.errors)
      verdict += `  [non-200: ${JSON.stringify(Object.fromEntries(non200))}, errors: ${r.errors}]`
    table.push([s.name, fmt(r.rps, 0), fmt(r.p50Ms, 2), fmt(r.p99Ms, 2), `${fmt(ratio * 100)}%`, verdict])
  }
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)))
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : i === 5 ? c : c.padStart(widths[i]))).join('  ')
  console.log()
  console.log(
    `${CONNECTIONS} connections, ${WARMUP_MS} ms warm-up, ${DURATION_MS} ms measured per scenario; ${seeded.signals.toLocaleString('en')} signals`,
  )
  console.log(line(header))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const row of table) console.log(line(row))
  console.log()
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
      (selfReported.length ? `   [self-reported startupMs: ${selfReported.join(', ')}]` : ''),
  )
  console.log(`idle RSS after start-up: ${fmt(idleRss)} MB  ${mark(rssOk)} (< ${TARGET.idleRssMb} MB)`)
  console.log(`loaded RSS (max during runs): ${fmt(loadedRss)} MB`)
  console.log(failed ? `\n${failed} target(s) missed` : '\nall targets met')

  writeFileSync(
    join(OUT, 'last-run.json'),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        connections: CONNECTIONS,
        warmupMs: WARMUP_MS,
        durationMs: DURATION_MS,
        baseline: ceiling,
        scenarios: rows.map(({ s, r }) => ({ name: s.name, ...r, ratio: r.rps / ceiling.rps })),
        startupMs,
        startups,
        selfReported,
        idleRssMb: idleRss,
        loadedRssMb: loadedRss,
      },
      null,
      2,
    ),
  )
}

const SECTIONS = {
  http: httpSection,
  pipeline: () => pipelineSection({ binary: BINARY, outDir: OUT }),
  hostile: () => hostileSection({ binary: BINARY, outDir: OUT }),
  import: () => importSection({ binary: BINARY, outDir: OUT }),
  export: () => exportSection({ binary: BINARY, outDir: OUT }),
  sqld: () => sqldSection({ binary: BINARY, outDir: OUT, load, stop, scorePost: SCORE_POST }),
}
type Section = keyof typeof SECTIONS
const NAMES = Object.keys(SECTIONS) as Section[]
const only = (process.argv[2] ?? process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
const unknown = only.filter((s) => !(NAMES as string[]).includes(s))
if (unknown.length) throw new Error(`unknown bench section ${unknown.join(', ')}; the sections are ${NAMES.join(', ')}`)

if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing; run \`npm run build\` first`)
const chosen = NAMES.filter((name) => only.length === 0 || only.includes(name))
for (const [i, name] of chosen.entries()) {
  if (i > 0) console.log()
  await SECTIONS[name]()
}
