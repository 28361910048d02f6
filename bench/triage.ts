// The triage row of the pipeline bench (docs/scoring.md#triage; alone: `bun bench/triage.ts`).
//
// What a polling pass costs a team with a model scorer: the built executable's `poll --once --json` with
// `scorer.backend = "openai"` against a fake model server in its own process (bench/fake-model.ts) that answers every
// post in 200 ms, at the shipped scorer.concurrency (4) and triage threshold. At 200 ms a call the whole pipeline
// corpus would take hours, so the world is a slice of it (bench/pipeline-corpus.ts): its first 3 keywords (300 search
// results) and every team tracking one of them, served by the same fake Hacker News process; polled once with
// triage and once with `scorer.triage = "none"`, each on a fresh database, and scaled to 1,000 mentions.
// Each run is checked against the rules scorer run here on the same posts: the pairs scored (sent on) and triaged,
// the model answers stored and the calls the fake received (one per stored answer, never more than the pairs
// scored), nothing left queued, and every signal carrying the fake's score.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type Client, createClient } from '@libsql/client'
import { loadConfig } from '../src/config/load'
import { FULL_CHARS } from '../src/domain/signals/limits'
import { truncate } from '../src/lib/text'
import { htmlToText } from '../src/platforms/common/html-text'
import { scoreWithModel } from '../src/scorers/model/index'
import type { IcpProfile } from '../src/scorers/types'
import { FAKE_MODEL_SCORE } from './fake-model'
import { corpus, KEYWORDS, keywordOf, POSTS_PER_PAGE } from './pipeline-corpus'
import { type PassRun, pollOnce, rmDb, seedTemplate, toml } from './pipeline'
import { type Listening, spawnListening } from './spawn'

// Keywords of the slice: the corpus's first ones, all on Hacker News.
const SLICE_KEYWORDS = 3
const CONCURRENCY = 4 // scorer.concurrency's default, and polling.concurrency's
// The shipped threshold: the bench's configuration leaves it unset.
const TRIAGE_MIN_BUYER = loadConfig({ env: {} }).scorer.triage_min_buyer

export type TriageRun = { mentions: number; pairs: number; calls: number; run: PassRun }
export type TriageReport = { delayMs: number; triage: TriageRun; none: TriageRun }

function fail(message: string): never {
  throw new Error(`triage check failed: ${message}`)
}

/**
 * What a pass over `keywords` must do, worked out here with the rules scorer on the text the poller scores (the
 * connector's plain text, first 4,000 characters): per (team, post, keyword) occurrence, whether triage at
 * `threshold` sends it on with the team's `profiles` (in the order the service lists them), and the distinct questions (team, keyword, text) the model is then asked, each once,
 * since answers are stored. A post on two of a team's pages is handled once or twice (twice unless the first made
 * a signal), hence the ranges.
 */
function expectations(keywords: Set<string>, threshold: number, profiles: Map<string, IcpProfile[]>) {
  const pages = corpus().pages.filter((p) => keywords.has(p.keyword.toLowerCase()))
  const pageOf = new Map(pages.map((p) => [p.keyword.toLowerCase(), p]))
  const e = { mentions: pages.length * POSTS_PER_PAGE, occurrences: 0, distinct: 0, sent: 0, sentDistinct: 0 }
  const questions = new Set<string>()
  let sentTwice = 0
  corpus().teams.forEach((team, t) => {
    const icps = profiles.get(team.name) ?? []
    const seen = new Set<string>()
    const sent = new Set<string>()
    for (const keyword of team.keywords.filter((k) => keywords.has(k.toLowerCase()))) {
      for (const post of pageOf.get(keyword.toLowerCase())?.posts ?? []) {
        e.occurrences++
        if (!seen.has(post.id)) e.distinct++
        seen.add(post.id)
        const content = truncate(htmlToText(post.text), FULL_CHARS)
        if (scoreWithModel({ content, keyword, icps }).buyer < threshold) continue
        e.sent++
        if (sent.has(post.id)) sentTwice++
        else e.sentDistinct++
        sent.add(post.id)
        questions.add(`${t}\u0000${keyword}\u0000${content}`)
      }
    }
  })
  return { ...e, questions: { most: questions.size, least: questions.size - sentTwice } }
}

/** Each team's ICP profiles as the service lists them (repos/icp-profiles.ts): the rules read them in this order. */
async function profilesOf(client: Client): Promise<Map<string, IcpProfile[]>> {
  const rs = await client.execute(
    'select t.name as team, p.name, p.description, p.competitors from icp_profiles p join teams t on t.id = p.team_id order by p.created_at, p.name',
  )
  const out = new Map<string, IcpProfile[]>()
  for (const r of rs.rows) {
    const icp = {
      name: String(r.name),
      description: String(r.description),
      competitors: JSON.parse(String(r.competitors)),
    }
    out.set(String(r.team), [...(out.get(String(r.team)) ?? []), icp])
  }
  return out
}

const callsOf = async (model: Listening) =>
  ((await (await fetch(`${model.url}/bench/calls`)).json()) as { calls: number }).calls

async function run(a: {
  binary: string
  outDir: string
  platform: Listening
  model: Listening
  triage: 'rules' | 'none'
}): Promise<TriageRun> {
  const keywords = new Set(Array.from({ length: SLICE_KEYWORDS }, (_, k) => keywordOf(k).toLowerCase()))
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
    const within = (what: string, x: number, least: number, most: number) => {
      if (x < least || x > most) fail(`${a.triage}: ${what} ${x}, expected ${least}…${most}`)
    }
    if (pass.summary.outcome !== 'completed' || t.failed || t.pending || pass.summary.scorerUnavailable)
      fail(`${a.triage}: ${JSON.stringify(pass.summary)}`)
    const client = createClient({ url: `file:${dbPath}` })
    try {
      const threshold = a.triage === 'none' ? Number.NEGATIVE_INFINITY : TRIAGE_MIN_BUYER
      const e = expectations(keywords, threshold, await profilesOf(client))
      within('mentions fetched', t.fetched, e.mentions, e.mentions)
      within('pairs handled (scored and triaged)', t.scored + t.triaged, e.distinct, e.occurrences)
      within('pairs sent on (scored)', t.scored, e.sentDistinct, e.sent)
      const count = async (sql: string) => Number((await client.execute(sql)).rows[0].n)
      const stored = await count('select count(*) as n from score_cache')
      within('model answers stored', stored, e.questions.least, e.questions.most)
      // One call per stored answer (identical questions asked at the same moment may each call), none per pair
      // answered from the store.
      within('model calls', calls, stored, t.scored)
      const rows = (await client.execute('select score, scored_by from signals')).rows
      within('signals stored', rows.length, t.qualified, t.qualified)
      if (rows.some((r) => Number(r.score) !== FAKE_MODEL_SCORE || r.scored_by !== 'openai'))
        fail(`${a.triage}: a signal not scored by the model`)
      within('pairs left queued', await count('select count(*) as n from pending_mentions'), 0, 0)
    } finally {
      client.close()
    }
    return { mentions: t.fetched, pairs: t.scored + t.triaged, calls, run: pass }
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
  if (SLICE_KEYWORDS > KEYWORDS / 2) throw new Error('the slice must stay on Hacker News')
  const delayMs = Number(process.env.FAKE_MODEL_DELAY_MS ?? 200)
  log('bench: pipeline: a model scorer behind triage …')
  const platform = await spawnListening([process.execPath, join(import.meta.dir, 'fake-platform.ts')], outDir)
  const model = await spawnListening([process.execPath, join(import.meta.dir, 'fake-model.ts')], outDir)
  let report: TriageReport
  try {
    const common = { binary: a.binary, outDir, platform, model }
    const triage = await run({ ...common, triage: 'rules' })
    const none = await run({ ...common, triage: 'none' })
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
  const row = (t: TriageRun) =>
    `${n0(per1000(t.calls, t))} model calls  pass ${s1(per1000(t.run.passMs, t))}   [${n0(t.calls)} calls, ` +
    `${n0(t.run.summary.totals.triaged)} pairs triaged, ${n0(t.run.summary.totals.qualified)} signals, pass ${s1(t.run.passMs)}]`
  const { triage: t, none: n } = r
  log(
    `  model scorer in polling (fake OpenAI-compatible server in its own process, ${r.delayMs} ms an answer, scorer.concurrency ${CONCURRENCY}): ` +
      `${n0(t.mentions)} mentions, ${n0(t.pairs)} (team, mention) pairs, scaled to 1,000 mentions`,
  )
  log(`    with triage (min buyer ${TRIAGE_MIN_BUYER})   ${row(t)}`)
  log(`    without triage (measured)   ${row(n)}`)
  log(
    `    triage sent on ${((100 * t.run.summary.totals.scored) / t.pairs).toFixed(1)}% of the pairs: ${((100 * t.calls) / n.calls).toFixed(1)}% of the calls, ` +
      `${((100 * t.run.passMs) / n.run.passMs).toFixed(1)}% of the pass time; both runs checked against the rules scorer run here ` +
      "(pairs sent on and triaged, answers stored, calls received, nothing queued, every signal the model's)",
  )
}

if (import.meta.main) {
  const root = resolve(import.meta.dir, '..')
  await triageSection({
    binary: resolve(process.env.BENCH_BINARY ?? join(root, 'dist/lead-signals')),
    outDir: join(root, 'bench/.out'),
  })
}
