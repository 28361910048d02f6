// Exports of the seeded 1,000,000 signals through GET /api/v1/signals/export from the built executable (a section
// of `npm run bench`; alone: BENCH_ONLY=export), each followed by the same number of bytes and lines from a bare
// Bun.serve stream (bench/export-baseline.ts), the ceiling of an HTTP stream on this machine.
//   Measured: time to the last byte, bytes, lines, and the server's RSS (VmRSS every 20 ms) before, when a tenth of
//   the lines has arrived, at its peak and 1 s after. Memory that a streaming export needs stops growing early: the
//   peak is close to the tenth's figure. Memory that grew with the rows would end ten times as high.
//   Target: the server's RSS grows by less than 50 MB during every export, the first after start included (it
//   comes first, after a single /api/v1/usage call: docs/performance.md#where-an-export-spends-its-memory says where its memory goes).
// The body is read as it arrives and counted, never kept. Results also go to bench/.out/last-export.json.
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { seed } from './seed'
import { type Listening, rssMb, spawnListening } from './spawn'

const TARGET_RSS_GROWTH_MB = 50
// Each export and its baseline in turn, this many times (the machine is shared: one pair can be unlucky).
const ROUNDS = Number(process.env.BENCH_EXPORT_ROUNDS ?? 2)

export type ExportRun = {
  name: string
  status: number
  seconds: number
  bytes: number
  lines: number
  rssBeforeMb: number
  rssAtTenthMb: number
  rssPeakMb: number
  rssAfterMb: number
  growthMb: number
}

/** Reads `url` to its end, counting; samples the server's RSS meanwhile. */
async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
  server: Listening,
  expectedLines: number,
): Promise<ExportRun> {
  await Bun.sleep(500)
  const before = rssMb(server.proc.pid)
  let peak = before
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.proc.pid))
  }, 20)
  const t0 = performance.now()
  let bytes = 0
  let lines = 0
  let status = 0
  let atTenth = Number.NaN
  try {
    const res = await fetch(url, { headers })
    status = res.status
    for await (const chunk of res.body as ReadableStream<Uint8Array>) {
      bytes += chunk.length
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++
      if (Number.isNaN(atTenth) && lines >= expectedLines / 10) atTenth = rssMb(server.proc.pid)
    }
  } finally {
    clearInterval(sampler)
  }
  const seconds = (performance.now() - t0) / 1000
  await Bun.sleep(1000)
  const after = rssMb(server.proc.pid)
  return {
    name,
    status,
    seconds,
    bytes,
    lines,
    rssBeforeMb: before,
    rssAtTenthMb: atTenth,
    rssPeakMb: peak,
    rssAfterMb: after,
    growthMb: peak - before,
  }
}

export async function exportSection(a: { binary: string; outDir: string; log?: (line: string) => void }) {
  const log = a.log ?? console.log
  const outDir = resolve(a.outDir)
  log('bench: seeding (or reusing) the database in bench/.out …')
  const seeded = await seed(outDir, log)
  const server = await spawnListening([a.binary, 'serve', '--config', seeded.configPath], outDir)
  const baseline = await spawnListening([process.execPath, join(import.meta.dir, 'export-baseline.ts')], outDir)
  const headers = { 'x-api-key': seeded.apiKey }
  const runs: ExportRun[] = []
  try {
    await (await fetch(`${server.url}/api/v1/usage`, { headers })).arrayBuffer()
    for (let round = 0; round < ROUNDS; round++) {
      for (const format of ['csv', 'jsonl']) {
        log(`bench: export ${format}, round ${round + 1} of ${ROUNDS} …`)
        const run = await measure(
          `GET /api/v1/signals/export?format=${format}`,
          `${server.url}/api/v1/signals/export?format=${format}`,
          headers,
          server,
          seeded.signals,
        )
        runs.push(run)
        const perLine = Math.round(run.bytes / Math.max(run.lines, 1))
        runs.push(
          await measure(
            `  bare Bun.serve stream of the same ${run.lines.toLocaleString('en')} lines`,
            `${baseline.url}/?lines=${run.lines}&bytes=${perLine}`,
            {},
            baseline,
            run.lines,
          ),
        )
      }
    }
  } finally {
    for (const p of [server, baseline]) p.proc.kill('SIGTERM')
    await Promise.all([server.proc.exited, baseline.proc.exited])
  }

  log(`\nexport of ${seeded.signals.toLocaleString('en')} signals, each beside a bare stream of the same size`)
  let failed = 0
  for (const r of runs) {
    const isExport = r.name.startsWith('GET')
    const ok = !isExport || (r.status === 200 && r.lines >= seeded.signals && r.growthMb < TARGET_RSS_GROWTH_MB)
    if (!ok) failed++
    log(
      `${r.name.padEnd(50)} ${r.seconds.toFixed(1).padStart(6)} s  ${(r.bytes / 1e6).toFixed(0).padStart(5)} MB  ` +
        `${Math.round(r.lines / r.seconds)
          .toLocaleString('en')
          .padStart(9)} lines/s  ` +
        `RSS ${r.rssBeforeMb.toFixed(0)} → ${r.rssAtTenthMb.toFixed(0)} at a tenth → peak ${r.rssPeakMb.toFixed(0)} → ${r.rssAfterMb.toFixed(0)} MB after (+${r.growthMb.toFixed(1)})` +
        (isExport ? `  ${ok ? 'pass' : 'FAIL'} (status 200, every row, RSS growth < ${TARGET_RSS_GROWTH_MB} MB)` : ''),
    )
  }
  log(failed ? `${failed} export target(s) missed` : 'export targets met')
  writeFileSync(join(outDir, 'last-export.json'), JSON.stringify({ at: new Date().toISOString(), runs }, null, 2))
  return runs
}
