// Hostile request bodies against the built executable (a section of `npm run bench`; alone: BENCH_ONLY=hostile).
//
// The server runs on a small database of its own with one team whose monthly quota is 0 (every counted call would
// be 429): what is measured is refused before any quota or scoring work. Each body is posted REPEATS times to each
// JSON route (/api/v1/leads/score, /api/v1/mentions/search, /api/routes/search, /mcp), one request at a time:
//   nesting depth 20,000:           `[` × 20,000 then `]` × 20,000 (40 KB); targets: every answer 400 in < 50 ms,
//                                   RSS unchanged (peak and after within 10 MB of before);
//   1 MB invalid body, depth 60:    {"content": [[…[0,0,…,0]…]]}, a wrong type for every route, within the default
//                                   max_body_bytes and depth, so it is parsed: every answer 400 in < 50 ms; its RSS
//                                   is shown without a target (parsing 500,000 numbers takes memory until the GC).
// RSS is read from /proc (VmRSS) before, every 5 ms during and 500 ms after the requests. Results also go to
// bench/.out/last-hostile.json.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { loadConfig } from '../src/config/load'
import { buildDeps } from '../src/deps'
import { createTeam } from '../src/domain/teams/teams'
import { silentLogger } from '../test/support/log'
import { benchToml } from './seed'
import { rssMb, spawnListening } from './spawn'

const ROUTES = ['/api/v1/leads/score', '/api/v1/mentions/search', '/api/routes/search', '/mcp']
const REPEATS = 5
const TARGET = { answerMs: 50, rssGrowthMb: 10 }
const nested = (depth: number, inner = '') => '['.repeat(depth) + inner + ']'.repeat(depth)
const BODIES = [
  { name: 'request of nesting depth 20,000', body: nested(20_000), rssTarget: true },
  {
    name: '1 MB invalid body, nesting depth 60',
    body: `{"content": ${nested(59, Array(500_000).fill('0').join(','))}}`,
    rssTarget: false,
  },
]

export type HostileRow = {
  name: string
  rssTarget: boolean
  bytes: number
  statuses: Record<string, number>
  medianMs: number
  maxMs: number
  rssBeforeMb: number
  rssPeakMb: number
  rssAfterMb: number
  pass: boolean
}

// A plan with no request left: every body here must be refused before any quota is looked at.
const SPENT_PLAN = `
[plans.spent]
api_access = true
monthly_requests = 0
platforms = ["hackernews", "reddit"]
`

export async function hostileSection(a: {
  binary: string
  outDir: string
  log?: (line: string) => void
}): Promise<HostileRow[]> {
  const log = a.log ?? console.log
  const dir = join(resolve(a.outDir), 'hostile')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const configPath = join(dir, 'hostile.toml')
  writeFileSync(configPath, benchToml(join(dir, 'hostile.db'), SPENT_PLAN))
  const deps = await buildDeps(loadConfig({ env: {}, fileText: readFileSync(configPath, 'utf8') }), {
    log: silentLogger,
  })
  const { apiKey } = await createTeam(deps, { name: 'hostile', plan: 'spent' })
  deps.database.client.close()

  const server = await spawnListening([a.binary, 'serve', '--config', configPath], dir)
  const headers = {
    'x-api-key': apiKey,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  }
  const rows: HostileRow[] = []
  try {
    // One ordinary request first, so what follows runs on a warm server.
    await (await fetch(server.url + '/api/v1/usage', { headers })).arrayBuffer()
    for (const { name, body, rssTarget } of BODIES) {
      await Bun.sleep(500)
      const before = rssMb(server.proc.pid)
      let peak = before
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMb(server.proc.pid))
      }, 5)
      const times: number[] = []
      const statuses: Record<string, number> = {}
      try {
        for (let i = 0; i < REPEATS; i++) {
          for (const route of ROUTES) {
            const t0 = performance.now()
            const res = await fetch(server.url + route, { method: 'POST', headers, body })
            await res.arrayBuffer()
            times.push(performance.now() - t0)
            statuses[res.status] = (statuses[res.status] ?? 0) + 1
          }
        }
      } finally {
        clearInterval(sampler)
      }
      await Bun.sleep(500)
      const after = rssMb(server.proc.pid)
      times.sort((x, y) => x - y)
      const row = {
        name,
        rssTarget,
        bytes: Buffer.byteLength(body),
        statuses,
        medianMs: times[times.length >> 1],
        maxMs: times[times.length - 1],
        rssBeforeMb: before,
        rssPeakMb: peak,
        rssAfterMb: after,
        pass: false,
      }
      row.pass =
        Object.keys(statuses).join() === '400' &&
        row.maxMs < TARGET.answerMs &&
        (!rssTarget || (peak - before < TARGET.rssGrowthMb && after - before < TARGET.rssGrowthMb))
      rows.push(row)
    }
  } finally {
    server.proc.kill('SIGTERM')
    await server.proc.exited
  }

  log(`hostile bodies: ${REPEATS} × ${ROUTES.length} routes each, one at a time, a key with no quota left`)
  for (const r of rows) {
    log(
      `  ${r.name} (${r.bytes.toLocaleString('en')} bytes): answered in ${r.medianMs.toFixed(1)} ms median, ${r.maxMs.toFixed(1)} ms max, ` +
        `statuses ${JSON.stringify(r.statuses)}; RSS ${r.rssBeforeMb.toFixed(1)} → peak ${r.rssPeakMb.toFixed(1)} → ${r.rssAfterMb.toFixed(1)} MB  ` +
        `${r.pass ? 'pass' : 'FAIL'} (all 400, < ${TARGET.answerMs} ms${r.rssTarget ? `, RSS within ${TARGET.rssGrowthMb} MB` : ''})`,
    )
  }
  writeFileSync(
    join(resolve(a.outDir), 'last-hostile.json'),
    JSON.stringify({ at: new Date().toISOString(), rows }, null, 2),
  )
  return rows
}
