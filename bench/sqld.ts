// The `sqld` section of `npm run bench`: GET /api/v1/signals and POST /api/v1/leads/score through one and two
// executables on one libSQL server (sqld from the npm package, scripts/sqld.ts), on an unlimited and a limited plan,
// beside the same routes on the embedded database, measured in turn in this run. Every database holds the same 1,000,000 seeded signals: sqld's
// default database is a copy of the seeded file. Results also go to bench/.out/last-sqld.json.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'libsql'
import { startSqld } from '../scripts/sqld'
import type { LoadResult, LoadSpec } from './load'
import { benchToml, seed } from './seed'
import { type Listening, spawnListening } from './spawn'

type Load = (spec: Omit<LoadSpec, 'connections' | 'warmupMs' | 'durationMs'>) => Promise<LoadResult>
type Stop = (server: Listening) => Promise<void>

export async function sqldSection(a: { binary: string; outDir: string; load: Load; stop: Stop; scorePost: string }) {
  const seeded = await seed(a.outDir, (l) => console.log(l))
  const dir = join(a.outDir, 'sqld')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  // A server that has run on the seeded file left its last writes in the -wal: fold them in before the copy.
  const file = new Database(seeded.dbPath)
  file.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  file.close()
  // sqld lays out its data directory on first start; its default database is then replaced by the seeded file.
  await (await startSqld({ dir })).stop()
  const data = join(dir, 'data.sqld', 'dbs', 'default')
  rmSync(data, { recursive: true, force: true })
  mkdirSync(data)
  copyFileSync(seeded.dbPath, join(data, 'data'))
  const sqld = await startSqld({ dir })
  const onSqld = join(dir, 'on-sqld.toml')
  writeFileSync(onSqld, benchToml('').replace('url = "file:"', `url = ${JSON.stringify(sqld.url)}`))
  // The same team on a limited plan too large to run out: each counted call then also writes its receipt, so the
  // pairs of rows below show what receipts cost (docs/performance.md#one-write-at-a-time-on-sqld).
  const onSqldLimited = join(dir, 'on-sqld-limited.toml')
  const limited = readFileSync(onSqld, 'utf8').replace(
    'monthly_requests = "unlimited"',
    'monthly_requests = 1000000000',
  )
  if (!limited.includes('1000000000')) throw new Error('bench: the limited plan was not written')
  writeFileSync(onSqldLimited, limited)

  const headers = { 'x-api-key': seeded.apiKey }
  const routes = [
    { name: 'GET /api/v1/signals', path: '/api/v1/signals', init: { headers } },
    {
      name: 'POST /api/v1/leads/score',
      path: '/api/v1/leads/score',
      init: {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ content: a.scorePost, keyword: 'crm' }),
      },
    },
  ]
  const setups = [
    { name: 'embedded file, 1 executable', config: seeded.configPath, servers: 1 },
    { name: 'sqld, 1 executable', config: onSqld, servers: 1 },
    { name: 'sqld, 1 executable, limited plan', config: onSqldLimited, servers: 1 },
    { name: 'sqld, 2 executables', config: onSqld, servers: 2 },
    { name: 'sqld, 2 executables, limited plan', config: onSqldLimited, servers: 2 },
  ]
  const rows: { route: string; setup: string; r: LoadResult }[] = []
  try {
    for (const setup of setups) {
      const servers: Listening[] = []
      try {
        for (let i = 0; i < setup.servers; i++)
          servers.push(await spawnListening([a.binary, 'serve', '--config', setup.config], a.outDir))
        for (const route of routes) {
          const urls = servers.map((s) => s.url + route.path)
          // Bounded: a server that no longer answers fails the section instead of stopping the whole bench.
          const check = await fetch(urls[0], { ...route.init, signal: AbortSignal.timeout(60_000) })
          if (check.status !== 200) throw new Error(`${route.name} answered ${check.status}: ${await check.text()}`)
          await check.arrayBuffer()
          console.log(`bench: ${route.name} on ${setup.name} …`)
          rows.push({ route: route.name, setup: setup.name, r: await a.load({ url: urls[0], urls, ...route.init }) })
        }
      } finally {
        for (const s of servers) await a.stop(s)
      }
    }
  } finally {
    await sqld.stop()
  }

  const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a')
  const table = [['route', 'database', 'req/s', 'p50 ms', 'p99 ms', 'non-200']]
  for (const { route, setup, r } of rows) {
    const non200 = Object.entries(r.statuses).filter(([code]) => code !== '200')
    const odd = non200.length || r.errors ? JSON.stringify({ ...Object.fromEntries(non200), errors: r.errors }) : ''
    table.push([route, setup, fmt(r.rps, 0), fmt(r.p50Ms, 2), fmt(r.p99Ms, 2), odd])
  }
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)))
  console.log()
  console.log(`${seeded.signals.toLocaleString('en')} signals; the same load as the http section, one route at a time`)
  for (const row of table)
    console.log(row.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '))
  writeFileSync(
    join(a.outDir, 'last-sqld.json'),
    JSON.stringify(
      { at: new Date().toISOString(), rows: rows.map(({ route, setup, r }) => ({ route, setup, ...r })) },
      null,
      2,
    ),
  )
}
