// The triage row of the pipeline bench (docs/scoring.md#triage; alone: `bun bench/triage.ts`).
//
// What a polling pass costs a team with a model scorer: the built executable's `poll --once --json` with
// `scorer.backend = "openai"` against a fake model server in its own process (bench/fake-model.ts) that answers every
// post in 200 ms, at the shipped scorer.concurrency (4) and triage settings. The world is a slice of the pipeline
// corpus (bench/pipeline-corpus.ts), the same fake Hacker News process serving it:
//   with triage:    the 10 keywords of the corpus's first team, 1,000 search results, and every team tracking one
//                   of them: model calls and pass time per 1,000 mentions;
//   without triage: `scorer.triage = "none"` on the first of those keywords only (100 mentions; every pair is a
//                   model call, so the whole slice would take minutes), scaled to 1,000 mentions, beside the same
//                   figures computed from the triage run (every pair it handled a call, at the calls per second the
//                   fake allowed it).
// Each run is checked: the model calls the fake received equal the pairs the summary says were scored, scored and
// triaged pairs together are those the corpus gives, nothing is pending, and every signal carries the fake's score.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createClient } from '@libsql/client'
import { FAKE_MODEL_SCORE } from './fake-model'
import { corpus, KEYWORDS, keywordOf, POSTS_PER_PAGE } from './pipeline-corpus'
import { type PassRun, pollOnce, rmDb, seedTemplate, toml } from './pipeline'
import { type Listening, spawnListening } from './spawn'

const WITH_TRIAGE_KEYWORDS = 10
const WITHOUT_TRIAGE_KEYWORDS = 1
const CONCURRENCY = 4 // scorer.concurrency's default, and polling.concurrency's

export type TriageRun = { mentions: number; pairs: number; calls: number; run: PassRun }
export type TriageReport = { delayMs: number; triage: TriageRun; none: TriageRun }

function fail(message: string): never {
  throw new Error(`triage check failed: ${message}`)
}

/** (team, mention) pairs the corpus gives the teams tracking `keywords`: each once, or twice (two of its keywords). */
function pairsOf(keywords: Set<string>) {
  const pages = corpus().pages.filter((p) => keywords.has(p.keyword.toLowerCase()))
  const pageOf = new Map(pages.map((p) => [p.keyword.toLowerCase(), p]))
  let occurrences = 0
  let distinct = 0
  for (const team of corpus().teams) {
    const seen = new Set<string>()
    for (const kw of team.keywords.filter((k) => keywords.has(k.toLowerCase()))) {
      for (const post of pageOf.get(kw.toLowerCase())?.posts ?? []) {
        occurrences++
        if (!seen.has(post.id)) distinct++
        seen.add(post.id)
      }
    }
  }
  return { mentions: pages.length * POSTS_PER_PAGE, occurrences, distinct }
}

const callsOf = async (model: Listening) =>
  ((await (await fetch(`${model.url}/bench/calls`)).json()) as { calls: number }).calls

async function run(a: {
  binary: string
  outDir: string
  platform: Listening
  model: Listening
  keywords: number
  triage: 'rules' | 'none'
}): Promise<TriageRun> {
  const keywords = new Set(Array.from({ length: a.keywords }, (_, k) => keywordOf(k).toLowerCase()))
  const dbPath = join(a.outDir, `triage-${a.triage}.db`)
  const configPath = join(a.outDir, `triage-${a.triage}.toml`)
  await seedTemplate(dbPath, (kw) => keywords.has(kw.toLowerCase()))
  const scorer = `backend = "openai"\nfallback = "none"\ntriage = "${a.triage}"\n\n[scorer.openai]\nbase_url = "${a.model.url}/v1"\nmodel = "bench-model"`
  writeFileSync(configPath, toml(dbPath, a.platform.url, CONCURRENCY, scorer))
  const before = await callsOf(a.model)
  try {
    const pass = await pollOnce(a.binary, configPath, a.outDir)
    const calls = (await callsOf(a.model)) - before
    const t = pass.summary.totals
    const expected = pairsOf(keywords)
    if (pass.summary.outcome !== 'completed' || t.failed || t.pending || pass.summary.scorerUnavailable)
      fail(`${a.triage}: ${JSON.stringify(pass.summary)}`)
    if (t.fetched !== expected.mentions) fail(`${a.triage}: fetched ${t.fetched}, expected ${expected.mentions}`)
    if (calls !== t.scored) fail(`${a.triage}: the model received ${calls} calls, the summary says ${t.scored} scored`)
    const pairs = t.scored + t.triaged
    if (pairs < expected.distinct || pairs > expected.occurrences)
      fail(`${a.triage}: ${pairs} pairs handled, expected ${expected.distinct}…${expected.occurrences}`)
    if (a.triage === 'none' && t.triaged) fail(`triage "none" triaged ${t.triaged} pairs`)
    const client = createClient({ url: `file:${dbPath}` })
    try {
      const rows = (await client.execute('select score, scored_by from signals')).rows
      if (rows.length !== t.qualified)
        fail(`${a.triage}: ${rows.length} signals stored, the summary says ${t.qualified}`)
      if (rows.length > calls) fail(`${a.triage}: ${rows.length} signals from ${calls} model calls`)
      if (rows.some((r) => Number(r.score) !== FAKE_MODEL_SCORE || r.scored_by !== 'openai'))
        fail(`${a.triage}: a signal not scored by the model`)
      const pending = Number((await client.execute('select count(*) as n from pending_mentions')).rows[0].n)
      if (pending) fail(`${a.triage}: ${pending} pairs left queued`)
    } finally {
      client.close()
    }
    return { mentions: t.fetched, pairs, calls, run: pass }
  } finally {
    rmDb(dbPath)
  }
}

const n0 = (x: number) => Math.round(x).toLocaleString('en')
const s1 = (ms: number) => `${(ms / 1000).toFixed(1)} s`

export async function triageSection(a: {
  binary: string
  outDir: string
  log?: (line: string) => void
}): Promise<TriageReport> {
  const log = a.log ?? console.log
  const outDir = resolve(a.outDir)
  mkdirSync(outDir, { recursive: true })
  if (WITH_TRIAGE_KEYWORDS > KEYWORDS / 2) throw new Error('the slice must stay on Hacker News')
  const delayMs = Number(process.env.FAKE_MODEL_DELAY_MS ?? 200)
  log('bench: pipeline: a model scorer behind triage …')
  const platform = await spawnListening([process.execPath, join(import.meta.dir, 'fake-platform.ts')], outDir)
  const model = await spawnListening([process.execPath, join(import.meta.dir, 'fake-model.ts')], outDir)
  let report: TriageReport
  try {
    const common = { binary: a.binary, outDir, platform, model }
    const triage = await run({ ...common, keywords: WITH_TRIAGE_KEYWORDS, triage: 'rules' })
    const none = await run({ ...common, keywords: WITHOUT_TRIAGE_KEYWORDS, triage: 'none' })
    report = { delayMs, triage, none }
  } finally {
    for (const p of [platform, model]) {
      p.proc.kill('SIGTERM')
      await p.proc.exited
    }
  }
  printTriage(report, log)
  writeFileSync(join(outDir, 'last-triage.json'), JSON.stringify({ at: new Date().toISOString(), ...report }, null, 2))
  return report
}

function printTriage(r: TriageReport, log: (line: string) => void) {
  const per1000 = (x: number, t: TriageRun) => (x * 1000) / t.mentions
  const { triage: t, none: n } = r
  const callsPerSec = t.calls / (t.run.passMs / 1000)
  log(
    `  model scorer (fake OpenAI-compatible server, ${r.delayMs} ms an answer, scorer.concurrency ${CONCURRENCY}), polling, per 1,000 mentions:`,
  )
  log(
    `    with triage (default)       ${n0(per1000(t.calls, t))} model calls  pass ${s1(per1000(t.run.passMs, t))}   ` +
      `[${n0(t.mentions)} mentions, ${n0(t.pairs)} (team, mention) pairs: ${n0(t.calls)} sent on (${((100 * t.calls) / t.pairs).toFixed(1)}%), ` +
      `${n0(t.run.summary.totals.triaged)} triaged, ${n0(t.run.summary.totals.qualified)} signals; pass ${s1(t.run.passMs)}; calls = summary's scored: checked]`,
  )
  log(
    `    without triage (measured)   ${n0(per1000(n.calls, n))} model calls  pass ${s1(per1000(n.run.passMs, n))}   ` +
      `[scaled from ${n0(n.mentions)} mentions: ${n0(n.pairs)} pairs, ${n0(n.calls)} calls, pass ${s1(n.run.passMs)}]`,
  )
  log(
    `    without triage (computed)   ${n0(per1000(t.pairs, t))} model calls  pass ≈ ${s1(per1000((t.pairs / callsPerSec) * 1000, t))}   ` +
      `[every pair of the triage run a call, at the ${callsPerSec.toFixed(1)} calls/s that run reached]`,
  )
}

if (import.meta.main) {
  const root = resolve(import.meta.dir, '..')
  await triageSection({
    binary: resolve(process.env.BENCH_BINARY ?? join(root, 'dist/lead-signals')),
    outDir: join(root, 'bench/.out'),
  })
}
