// The import section of `npm run bench` (BENCH_ONLY=import): the server's latency while a large import runs.
//
// One fresh database, a team on an unlimited plan, the built executable serving it, and `signals import` of
// BENCH_IMPORT_LINES (default 200,000) JSON Lines into the same database file from a second process of the same
// executable. While the import runs, GET /api/v1/signals is asked BENCH_IMPORT_RATE (default 200) times a second
// (a counted call: each one writes the team's usage, so each needs the write lock the import takes batch by batch).
// Target: p99 under 250 ms and not one failed request or non-200 answer. Afterwards every line must be a signal.
// Results also go to bench/.out/last-import.json.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { benchToml, PLATFORMS } from './seed'
import { cleanEnv, spawnListening } from './spawn'

const LINES = Number(process.env.BENCH_IMPORT_LINES ?? 200_000)
const RATE = Number(process.env.BENCH_IMPORT_RATE ?? 200)
const WARMUP_MS = 1000
const TARGET_P99_MS = 250

const WORDS =
  'we are looking for a crm that handles deal tracking and follow up reminders without a long rollout our pipeline lives in spreadsheets budget around three hundred a month anyone switched recently'.split(
    ' ',
  )

/** `lines` signals as JSON Lines, each a distinct post of 300 to 800 characters; about 1 KB a line. */
function corpus(lines: number): string {
  const out: string[] = []
  for (let i = 0; i < lines; i++) {
    let content = ''
    const length = 300 + ((i * 7919) % 500)
    for (let w = i; content.length < length; w += 7) content += WORDS[w % WORDS.length] + ' '
    const platform = PLATFORMS[i % PLATFORMS.length]
    out.push(
      JSON.stringify({
        id: `post-${i}`,
        author: `user_${i % 50_000}`,
        platform,
        intent: 'ACTIVE',
        score: 6 + (i % 40) / 10,
        reason: 'Asks for a tool recommendation with a stated budget.',
        content: content.trim(),
        url: `https://example.com/${platform}/${i}`,
        keyword: 'crm',
        publishedAt: new Date(Date.UTC(2026, 9, 1) - i * 60_000).toISOString(),
      }),
    )
  }
  return out.join('\n') + '\n'
}

type Load = { latencies: number[]; statuses: Record<string, number>; errors: number; firstError?: string }

/**
 * Requests at a fixed rate until `stop` settles, each latency taken from the moment it was due to be sent. An open
 * loop: a closed one (send, wait, send) would ask nothing while the server stalls, so a stall of seconds would be a
 * handful of slow samples among thousands of fast ones and vanish from the p99.
 */
async function loadUntil(url: string, init: RequestInit, perSecond: number, stop: Promise<unknown>): Promise<Load> {
  const load: Load = { latencies: [], statuses: {}, errors: 0 }
  let done = false
  void stop.finally(() => {
    done = true
  })
  const inFlight = new Set<Promise<void>>()
  const start = performance.now()
  for (let i = 0; !done; i++) {
    const due = start + (i * 1000) / perSecond
    const wait = due - performance.now()
    if (wait > 0) await Bun.sleep(wait)
    const request = (async () => {
      try {
        const res = await fetch(url, init)
        await res.arrayBuffer()
        load.latencies.push(performance.now() - due)
        load.statuses[res.status] = (load.statuses[res.status] ?? 0) + 1
      } catch (error) {
        load.errors++
        load.firstError ??= String(error)
      }
    })()
    inFlight.add(request)
    void request.finally(() => inFlight.delete(request))
  }
  await Promise.all(inFlight)
  return load
}

async function run(cmd: string[], cwd: string) {
  const proc = Bun.spawn(cmd, { cwd, env: cleanEnv(), stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' })
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  return { stdout, stderr, code }
}

export async function importSection(a: { binary: string; outDir: string }) {
  const dir = join(a.outDir, 'import')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const config = join(dir, 'bench.toml')
  writeFileSync(config, benchToml(join(dir, 'import.db')))
  const file = join(dir, 'signals.jsonl')
  writeFileSync(file, corpus(LINES))

  const created = await run(
    [a.binary, 'team', 'create', '--name', 'bench', '--plan', 'bench', '--json', '--config', config],
    dir,
  )
  if (created.code !== 0) throw new Error(`team create failed: ${created.stderr}`)
  const { apiKey } = JSON.parse(created.stdout) as { apiKey: string }
  const url = (base: string) => `${base}/api/v1/signals`
  const init: RequestInit = { headers: { 'x-api-key': apiKey }, keepalive: true }

  const server = await spawnListening([a.binary, 'serve', '--config', config], dir)
  try {
    console.log(
      `bench: import of ${LINES.toLocaleString('en')} lines while asking GET /api/v1/signals ${RATE} times a second …`,
    )
    await loadUntil(url(server.url), init, RATE, Bun.sleep(WARMUP_MS))
    const t0 = performance.now()
    const importing = run([a.binary, 'signals', 'import', '--team', 'bench', file, '--config', config], dir)
    const [load, imported] = await Promise.all([loadUntil(url(server.url), init, RATE, importing), importing])
    const importMs = performance.now() - t0
    if (imported.code !== 0) throw new Error(`signals import exited ${imported.code}: ${imported.stderr.slice(-2000)}`)
    const last = await fetch(url(server.url), init)
    const total = ((await last.json()) as { total: number }).total

    const sorted = load.latencies.sort((x, y) => x - y)
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
    const non200 = Object.fromEntries(Object.entries(load.statuses).filter(([code]) => code !== '200'))
    const ok = at(0.99) < TARGET_P99_MS && load.errors === 0 && Object.keys(non200).length === 0 && total === LINES
    console.log()
    console.log(
      `p99 of GET /api/v1/signals while a ${LINES.toLocaleString('en')}-line import runs: ${at(0.99).toFixed(1)} ms` +
        ` (p50 ${at(0.5).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms, ${sorted.length.toLocaleString('en')} requests,` +
        ` at ${RATE} req/s), errors ${load.errors}, non-200 ${JSON.stringify(non200)}` +
        `  ${ok ? 'pass' : 'FAIL'} (< ${TARGET_P99_MS} ms, 0 errors)`,
    )
    console.log(
      `import: ${(importMs / 1000).toFixed(1)} s (${(LINES / (importMs / 1000)).toFixed(0)} lines/s), ${total.toLocaleString('en')} signals stored` +
        (load.firstError ? `; first error: ${load.firstError}` : ''),
    )
    writeFileSync(
      join(a.outDir, 'last-import.json'),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          lines: LINES,
          perSecond: RATE,
          importMs,
          total,
          p50Ms: at(0.5),
          p99Ms: at(0.99),
          maxMs: sorted.at(-1),
          requests: sorted.length,
          statuses: load.statuses,
          errors: load.errors,
          importStderr: imported.stderr.slice(-4000),
        },
        null,
        2,
      ),
    )
    return ok
  } finally {
    server.proc.kill('SIGTERM')
    await server.proc.exited
  }
}
