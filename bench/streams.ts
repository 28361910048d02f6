// `npm run bench -- streams` (docs/performance.md#streams): the built executable's streams against local fakes
// replaying Bluesky, Hacker News and Stack Overflow at realistic rates (bench/stream-replay.ts). Two runs, with 10
// and with 10,000 tracked queries: latency from a post's appearance upstream to its webhook delivery (p50, p95),
// platform requests per hour, and the server's CPU share and RSS while keeping up. Results also go to
// bench/.out/last-streams.json.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '../src/config/load'
import { buildDeps } from '../src/deps'
import { addKeywords } from '../src/domain/keywords/keywords'
import { createTeam } from '../src/domain/teams/teams'
import { createEndpoint } from '../src/domain/webhooks/endpoints'
import { silentLogger } from '../test/support/log'
import { endpointInput } from '../test/support/webhooks'
import { rssMb, spawnListening } from './spawn'
import { startReplay } from './stream-replay'

const DURATION_MS = Number(process.env.BENCH_STREAMS_MS ?? 120_000)
// One Bluesky post in 10 matches a tracked query: 5 signals a second, 50 during a burst.
const MATCHING_SHARE = 0.1
const TARGET_P95_MS = 30_000

// Stack Overflow as a server with a key reads it: once a minute (docs/streams.md#budgets).
function toml(db: string, r: ReturnType<typeof startReplay>) {
  return `[server]\nhost = "127.0.0.1"\nport = 0\nlog_requests = false\n[database]\nurl = "file:${db}"
[scorer]\nbackend = "rules"\n[polling]\nenabled = false\n[webhooks]\nallow_private_targets = true
[platforms.bluesky]\nstream_url = ["${r.jetUrl}"]\n[platforms.hackernews]\nstream_url = "${r.hnUrl}"
[platforms.stackoverflow]\nstream_url = "${r.seUrl}"\nkey = "bench"\nbudget_requests = 10000\n[platforms.devto]\nmode = "search"\n`
}

/** CPU seconds (user + system) the process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) / 100
}

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN

async function runWith(binary: string, queries: number, outDir: string) {
  const dir = join(outDir, `streams-${queries}`)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const replay = startReplay({ matchingShare: MATCHING_SHARE })
  const configPath = join(dir, 'bench.toml')
  writeFileSync(configPath, toml(join(dir, 'streams.db'), replay))
  const deps = await buildDeps(loadConfig({ env: {}, fileText: readFileSync(configPath, 'utf8') }), {
    log: silentLogger,
  })
  const { team } = await createTeam(deps, { name: 'bench', plan: 'scale' })
  const keywords = ['crm', ...Array.from({ length: queries - 1 }, (_, i) => `vendor${i} pricing`)]
  // In slices: one INSERT of 10,000 rows passes SQLite's limit on bound values.
  for (let i = 0; i < keywords.length; i += 500) {
    await addKeywords(deps, { teamId: team.id, keywords: keywords.slice(i, i + 500) })
  }
  await createEndpoint(deps, {
    teamId: team.id,
    input: endpointInput(replay.hookUrl),
  })
  deps.database.client.close()

  const server = await spawnListening([binary, 'serve', '--config', configPath], dir)
  const pid = server.proc.pid
  // The first 10 s are the start (connections, worker threads); the rest is measured.
  await Bun.sleep(10_000)
  const requests0 = replay.requests()
  const cpu0 = cpuSeconds(pid)
  const t0 = performance.now()
  let rssPeak = 0
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(pid))
  }, 500)
  await Bun.sleep(DURATION_MS)
  clearInterval(sampler)
  const wallS = (performance.now() - t0) / 1000
  const cpuShare = (cpuSeconds(pid) - cpu0) / wallS
  const requests1 = replay.requests()
  server.proc.kill('SIGTERM')
  await server.proc.exited
  replay.stop()
  const perHour = Object.fromEntries(
    Object.entries(requests1).map(([p, n]) => [
      p,
      Math.round(((n - requests0[p as keyof typeof requests0]) * 3600) / wallS),
    ]),
  )
  const byPlatform: Record<string, { n: number; p50Ms: number; p95Ms: number }> = {}
  const all: number[] = []
  for (const [platform, list] of replay.latencies) {
    const sorted = [...list].sort((x, y) => x - y)
    all.push(...sorted)
    byPlatform[platform] = {
      n: sorted.length,
      p50Ms: Math.round(pct(sorted, 0.5)),
      p95Ms: Math.round(pct(sorted, 0.95)),
    }
  }
  all.sort((x, y) => x - y)
  return {
    queries,
    seconds: Math.round(wallS),
    latency: { n: all.length, p50Ms: Math.round(pct(all, 0.5)), p95Ms: Math.round(pct(all, 0.95)), byPlatform },
    requestsPerHour: perHour,
    cpuShare: Number(cpuShare.toFixed(3)),
    rssPeakMb: Math.round(rssPeak),
  }
}

export async function streamsSection(a: { binary: string; outDir: string }) {
  console.log(`bench: streams, ${DURATION_MS / 1000} s each with 10 and with 10,000 tracked queries …`)
  const runs = [await runWith(a.binary, 10, a.outDir), await runWith(a.binary, 10_000, a.outDir)]
  for (const r of runs) {
    const ok = r.latency.p95Ms <= TARGET_P95_MS && r.cpuShare < 0.5 && r.rssPeakMb < 200
    console.log(
      `streams, ${r.queries.toLocaleString('en')} queries: delivery latency p50 ${r.latency.p50Ms} ms, p95 ${r.latency.p95Ms} ms` +
        ` (${r.latency.n} deliveries; ${Object.entries(r.latency.byPlatform)
          .map(([p, l]) => `${p} p50 ${l.p50Ms} / p95 ${l.p95Ms} ms`)
          .join(', ')});` +
        ` requests/hour ${JSON.stringify(r.requestsPerHour)}; CPU ${(r.cpuShare * 100).toFixed(1)}% of a core, RSS peak ${r.rssPeakMb} MB` +
        `  ${ok ? 'pass' : 'FAIL'} (p95 ≤ 30 s, < 50% of a core, < 200 MB)`,
    )
  }
  writeFileSync(join(a.outDir, 'last-streams.json'), JSON.stringify({ runs }, null, 2))
}
