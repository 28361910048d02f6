// The polling pipeline benchmark (a section of `npm run bench`; alone: `bun bench/pipeline.ts`).
//
// A fake Hacker News + Reddit search (bench/fake-platform.ts, its own process) serves the corpus of
// bench/pipeline-corpus.ts: 1,000 keywords × one page of 100 posts = 100,000 search results, tracked by 100 teams.
// Each run copies a freshly seeded database (teams, keywords, ICP profiles; seeded once, outside the timing) and
// runs the built executable `poll --once --json` twice against it in its own process, rules scorer,
// polling.limit = 100:
//   pass 1: every post is fetched, queued for each team tracking its keyword, scored, and stored as a signal or
//           dropped: the figure is mentions fetched per second of the process (spawn → exit), checked against the
//           target of 5,000/s. Also shown: per CPU second of the poller (the pass is bound to one core, so this is
//           what an otherwise idle machine would give; the load average says how busy it was), the (team, mention)
//           pairs scored per second, the rules scorer's share of the CPU time, and the peak RSS;
//   pass 2: the same 100,000 posts come back and the cursors recognise all of them: nothing scored, nothing stored
//           (the steady state of a pass with nothing new).
// Each run then checks the database: nothing pending, every signal one the team could get, the signals of a sample
// of (team, post) pairs as the rules scorer decides them, and pass 2 created nothing.
// The baseline, in the same run: a bare client process (bench/pipeline-client.ts) fetching the same 1,000 pages
// from the same fake with the same concurrency and JSON-parsing them: the upstream ceiling.
// Then one row for a model scorer behind triage (bench/triage.ts): model calls and pass time per 1,000 mentions
// against a fake model server answering in 200 ms, with triage and without.
//
// Settings: BENCH_BINARY (as bench/run.ts), BENCH_PIPELINE_RUNS (default 3), BENCH_PIPELINE_CONCURRENCY
// (polling.concurrency, default 4 as in the shipped configuration). Results also go to bench/.out/last-pipeline.json.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createClient } from '@libsql/client'
import { loadConfig } from '../src/config/load'
import { buildDeps } from '../src/deps'
import { addKeywords } from '../src/domain/keywords/keywords'
import { createTeam } from '../src/domain/teams/teams'
import type { PassSummary } from '../src/domain/polling/summary'
import { newId } from '../src/lib/ids'
import { silentLogger } from '../test/support/log'
import { FULL_CHARS } from '../src/domain/signals/limits'
import { truncate } from '../src/lib/text'
import { htmlToText } from '../src/platforms/common/html-text'
import { scoreEmbedded } from '../src/scorers/rules/index'
import { redditToml } from '../test/support/fake-platforms'
import { cutPost, POST_CHARS, type PostTiming, timeScorerOnPosts } from './scorer-post'
import { cleanEnv, spawnListening } from './spawn'
import type { ClientResult, ClientSpec } from './pipeline-client'
import { corpus, icpsOf, KEYWORDS, POSTS_PER_PAGE } from './pipeline-corpus'
import { type TriageReport, triageSection } from './triage'

const ROOT = resolve(import.meta.dir, '..')
const LIMIT = 100
const QUALIFY = 6 // scorer.qualify_threshold's default, which the bench config keeps
const TARGET_PER_SEC = 12000
const TARGET_SCORER_US = 60 // the rules scorer on a 1,200-character post
const SAMPLE_EVERY = 37 // (team, post) pairs re-scored here to check the poller's verdict

export type PassRun = {
  wallMs: number
  passMs: number
  /** CPU time of the poller process (user + system): unlike wall time, not inflated by other work on the machine. */
  cpuMs: number
  /** The 1-minute load average when the pass started: other work on the machine competes for its 2 cores. */
  load: number
  peakRssMb: number
  summary: PassSummary
  logLines: { info: number; warn: number; error: number }
}
/**
 * `checked`: sampled (team, post) pairs whose signal matched the rules scorer's verdict; `scorerUs`: its CPU time per
 * call here; `post1200`: its CPU time per call on the sampled posts cut to 1,200 characters (bench/scorer-post.ts).
 */
export type PipelineRun = {
  first: PassRun
  second: PassRun
  baseline: ClientResult & { wallMs: number }
  checked: number
  scorerUs: number
  post1200: PostTiming
}
export type PipelineReport = {
  runs: PipelineRun[]
  concurrency: number
  world: {
    keywords: number
    results: number
    distinctPosts: number
    teams: number
    trackedKeywords: number
    pairs: number
    distinctPairs: number
    chars: { mean: number; median: number; p95: number; max: number }
  }
  seedMs: number
  /** A model scorer behind triage: model calls and pass time per 1,000 mentions (bench/triage.ts). */
  triage: TriageReport
}

/** The poller's configuration; `scorer`: the lines of its [scorer] table (the rules scorer unless given). */
export function toml(dbPath: string, origin: string, concurrency: number, scorer = 'backend = "rules"'): string {
  const plan = (platform: string) => `api_access = true\nmonthly_requests = "unlimited"\nplatforms = ["${platform}"]`
  return `# Written by bench/pipeline.ts
[database]
url = ${JSON.stringify('file:' + dbPath)}

[scorer]
${scorer}

[polling]
enabled = false
limit = ${LIMIT}
concurrency = ${concurrency}

[plans.bench_hn]
${plan('hackernews')}

[plans.bench_reddit]
${plan('reddit')}

[platforms.hackernews]
base_url = ${JSON.stringify(origin)}
# Far above the published limits: the bench measures the pipeline, not the budgets.
budget_requests = 1000000

${redditToml(origin).join('\n')}
budget_requests = 1000000
`
}

export const rmDb = (path: string) => {
  for (const s of ['', '-wal', '-shm']) rmSync(path + s, { force: true })
}

/**
 * Teams, their keywords and ICP profiles, through the service's own code (as `team create`, `keyword add` do);
 * with `only`, just the keywords it keeps, and the teams tracking one of them.
 */
export async function seedTemplate(path: string, only?: (keyword: string) => boolean): Promise<Map<string, string>> {
  rmDb(path)
  const deps = await buildDeps(loadConfig({ env: {}, fileText: toml(path, 'http://127.0.0.1:9', 4) }), {
    log: silentLogger,
  })
  const ids = new Map<string, string>()
  const now = new Date().toISOString()
  for (const [t, team] of corpus().teams.entries()) {
    const keywords = only ? team.keywords.filter(only) : team.keywords
    if (keywords.length === 0) continue
    const { team: row } = await createTeam(deps, { name: team.name, plan: team.plan })
    ids.set(team.name, row.id)
    await addKeywords(deps, { teamId: row.id, keywords })
    for (const icp of icpsOf(t))
      await deps.repos.icpProfiles.insert({ id: newId('icp'), teamId: row.id, ...icp, createdAt: now })
  }
  await deps.database.client.execute('PRAGMA wal_checkpoint(TRUNCATE)')
  deps.database.client.close()
  return ids
}

const loadAvg = () => {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0])
  } catch {
    return Number.NaN
  }
}

const hwmMb = (pid: number) => {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Number(kb) / 1024 : 0
  } catch {
    return 0 // exited, or not Linux
  }
}

/**
 * One `poll --once --json` process, timed from spawn to exit. Peak RSS: the kernel's high-water mark (VmHWM), read
 * every 20 ms while it runs (misses only growth in its last 20 ms). Not `resourceUsage().maxRSS`: on Linux a child's
 * ru_maxrss keeps the high-water mark of the process it was forked from across exec, so it reports this bench
 * process's own peak (500 MB for a poller whose VmHWM was 150 MB).
 */
export async function pollOnce(binary: string, configPath: string, cwd: string): Promise<PassRun> {
  const load = loadAvg()
  const t0 = performance.now()
  const proc = Bun.spawn([binary, 'poll', '--once', '--json', '--config', configPath], {
    cwd,
    env: cleanEnv(),
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  let sampled = 0
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, hwmMb(proc.pid))
  }, 20)
  const [out, err, status] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  const wallMs = performance.now() - t0
  clearInterval(sampler)
  if (status !== 0) throw new Error(`poll --once exited with ${status}:\n${err.slice(0, 2000)}`)
  const logLines = { info: 0, warn: 0, error: 0 }
  const firstProblems: string[] = []
  for (const line of err.split('\n')) {
    if (!line) continue
    const level = (/"level":"(\w+)"/.exec(line)?.[1] ?? 'error') as keyof typeof logLines
    logLines[level in logLines ? level : 'error']++
    if (level !== 'info' && firstProblems.length < 3) firstProblems.push(line.slice(0, 300))
  }
  if (firstProblems.length) console.log(`  poller logged: ${firstProblems.join('\n  ')}`)
  const summary = JSON.parse(out) as PassSummary
  return {
    wallMs,
    passMs: Date.parse(summary.finishedAt) - Date.parse(summary.startedAt),
    cpuMs: Number(proc.resourceUsage()?.cpuTime.total ?? Number.NaN) / 1000,
    load,
    peakRssMb: sampled,
    summary,
    logLines,
  }
}

async function fetchBaseline(spec: ClientSpec): Promise<ClientResult & { wallMs: number }> {
  const t0 = performance.now()
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, 'pipeline-client.ts'), JSON.stringify(spec)], {
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const [text, status] = await Promise.all([new Response(proc.stdout).text(), proc.exited])
  const wallMs = performance.now() - t0
  if (status !== 0) throw new Error(`pipeline client exited with ${status}`)
  return { ...(JSON.parse(text) as ClientResult), wallMs }
}

/** What the world says a pass must find: per team, each post it can get and under which of its keywords. */
function expectations(teamIds: Map<string, string>) {
  const { pages, teams } = corpus()
  const pageOf = new Map(pages.map((p) => [p.keyword.toLowerCase(), p]))
  // team id → `platform:postId` → { text, keywords (the team's spelling) }
  const pairs = new Map<string, Map<string, { text: string; keywords: string[] }>>()
  let occurrences = 0
  for (const team of teams) {
    const mine = new Map<string, { text: string; keywords: string[] }>()
    for (const kw of team.keywords) {
      const page = pageOf.get(kw.toLowerCase())
      if (!page) throw new Error(`no page for ${kw}`)
      for (const post of page.posts) {
        occurrences++
        const key = `${page.platform}:${post.id}`
        const seen = mine.get(key)
        if (seen) seen.keywords.push(kw)
        else mine.set(key, { text: post.text, keywords: [kw] })
      }
    }
    pairs.set(teamIds.get(team.name) as string, mine)
  }
  let distinct = 0
  for (const m of pairs.values()) distinct += m.size
  return { pairs, occurrences, distinct }
}

function fail(message: string): never {
  throw new Error(`pipeline check failed: ${message}`)
}

/**
 * Checks a database after pass 1. Returns how many (team, post) pairs were re-scored and compared, and the rules
 * scorer's own CPU time per call on them (the share of the pass that is scoring, measured apart from it).
 */
async function verify(
  dbPath: string,
  pass: PassSummary,
  expected: ReturnType<typeof expectations>,
): Promise<{ checked: number; scorerUs: number; post1200: PostTiming }> {
  const t = pass.totals
  if (pass.outcome !== 'completed') fail(`outcome ${pass.outcome}`)
  if (t.searches !== KEYWORDS || t.failed || t.deferred)
    fail(`searches ${t.searches}, failed ${t.failed}, deferred ${t.deferred}`)
  if (t.fetched !== KEYWORDS * POSTS_PER_PAGE) fail(`fetched ${t.fetched}, expected ${KEYWORDS * POSTS_PER_PAGE}`)
  if (t.pending !== 0) fail(`${t.pending} mentions still pending`)
  // Each (team, post) is scored at least once; a post on two pages of one team may be scored twice when it was
  // dropped before the second page came (nothing remembers a dropped post but the cursor), never more than that.
  if (t.scored < expected.distinct || t.scored > expected.occurrences)
    fail(`scored ${t.scored}, expected ${expected.distinct}…${expected.occurrences}`)
  const client = createClient({ url: 'file:' + dbPath })
  try {
    const pending = Number((await client.execute('select count(*) as n from pending_mentions')).rows[0].n)
    if (pending !== 0) fail(`${pending} rows left in pending_mentions`)
    const rows = (await client.execute('select team_id, post_id, keyword, score from signals')).rows
    if (rows.length !== t.qualified) fail(`${rows.length} signals stored, the pass says it created ${t.qualified}`)
    const stored = new Set<string>()
    for (const r of rows) {
      const key = `${r.team_id}\u0000${r.post_id}`
      if (stored.has(key)) fail(`signal ${key} stored twice`)
      stored.add(key)
      const expect = expected.pairs.get(String(r.team_id))?.get(String(r.post_id))
      if (!expect) fail(`signal ${r.post_id} for team ${r.team_id}, which does not track a keyword that found it`)
      if (!expect.keywords.includes(String(r.keyword)))
        fail(`signal ${r.post_id} under keyword "${r.keyword}", not one that found it for the team`)
      if (Number(r.score) < QUALIFY) fail(`signal ${r.post_id} scored ${r.score}, under the threshold`)
    }
    // A sample of pairs re-scored with the same rules scorer, on the text a pass scores (the first FULL_CHARS): a
    // signal exactly when it qualifies. A post the team got
    // under two keywords whose scores disagree on qualifying may go either way (whichever search came first).
    const icps = new Map<string, { name: string; description: string; competitors: string[] }[]>()
    for (const r of (
      await client.execute('select team_id, name, description, competitors from icp_profiles order by created_at, name')
    ).rows) {
      const list = icps.get(String(r.team_id)) ?? []
      list.push({
        name: String(r.name),
        description: String(r.description),
        competitors: JSON.parse(String(r.competitors)) as string[],
      })
      icps.set(String(r.team_id), list)
    }
    let i = 0
    let checked = 0
    let calls = 0
    const cut: NonNullable<ReturnType<typeof cutPost>>[] = []
    const cpu0 = process.cpuUsage()
    for (const [teamId, posts] of expected.pairs) {
      for (const [postId, p] of posts) {
        if (i++ % SAMPLE_EVERY) continue
        // Hacker News sends HTML, which the connector turns into text before scoring; so the check scores that text
        // too.
        const content = truncate(postId.startsWith('hackernews:') ? htmlToText(p.text) : p.text, FULL_CHARS)
        const verdicts = new Set(
          p.keywords.map(
            (keyword) => scoreEmbedded({ content, keyword, icps: icps.get(teamId) ?? [] }).score >= QUALIFY,
          ),
        )
        calls += p.keywords.length
        const post = cutPost({
          content,
          keyword: p.keywords[0],
          icps: icps.get(teamId) ?? [],
        })
        if (post) cut.push(post)
        if (verdicts.size > 1) continue
        const qualifies = verdicts.has(true)
        if (qualifies !== stored.has(`${teamId}\u0000${postId}`))
          fail(`team ${teamId}, post ${postId}: qualifies ${qualifies}, stored ${!qualifies}`)
        checked++
      }
    }
    // CPU time, not wall time: other work on the machine does not count, as for the poller's CPU time.
    const cpu = process.cpuUsage(cpu0)
    return { checked, scorerUs: (cpu.user + cpu.system) / calls, post1200: timeScorerOnPosts(cut) }
  } finally {
    client.close()
  }
}

function verifySecond(second: PassSummary, first: PassSummary) {
  const t = second.totals
  if (second.outcome !== 'completed' || t.searches !== KEYWORDS || t.fetched !== first.totals.fetched)
    fail(`pass 2: ${JSON.stringify(t)}`)
  if (t.new || t.scored || t.qualified || t.pending || t.failed)
    fail(`pass 2 did work on posts it had seen: ${JSON.stringify(t)}`)
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const n0 = (x: number) => Math.round(x).toLocaleString('en')
const range = (xs: number[], f: (x: number) => string = n0) => `${f(Math.min(...xs))}–${f(Math.max(...xs))}`

export async function pipelineSection(a: {
  binary: string
  outDir: string
  log?: (line: string) => void
}): Promise<PipelineReport> {
  const log = a.log ?? console.log
  const runs = Number(process.env.BENCH_PIPELINE_RUNS ?? 3)
  const concurrency = Number(process.env.BENCH_PIPELINE_CONCURRENCY ?? 4)
  const outDir = resolve(a.outDir)
  mkdirSync(outDir, { recursive: true })
  if (!existsSync(a.binary)) throw new Error(`${a.binary} is missing; run \`npm run build\` first`)

  log('bench: pipeline: building the corpus and seeding 100 teams …')
  const t0 = performance.now()
  const { pages, teams } = corpus()
  const template = join(outDir, 'pipeline-template.db')
  const teamIds = await seedTemplate(template)
  const seedMs = performance.now() - t0
  const expected = expectations(teamIds)
  const lengths = pages.flatMap((p) => p.posts.map((x) => x.text.length)).sort((x, y) => x - y)
  const world: PipelineReport['world'] = {
    keywords: pages.length,
    results: lengths.length,
    distinctPosts: new Set(pages.flatMap((p) => p.posts.map((x) => `${p.platform}:${x.id}`))).size,
    teams: teams.length,
    trackedKeywords: teams.reduce((s, t) => s + t.keywords.length, 0),
    pairs: expected.occurrences,
    distinctPairs: expected.distinct,
    chars: {
      mean: lengths.reduce((s, x) => s + x, 0) / lengths.length,
      median: lengths[lengths.length >> 1],
      p95: lengths[Math.floor(lengths.length * 0.95)],
      max: lengths[lengths.length - 1],
    },
  }

  const fake = await spawnListening([process.execPath, join(import.meta.dir, 'fake-platform.ts')], outDir)
  const results: PipelineRun[] = []
  try {
    const spec: ClientSpec = {
      origin: fake.url,
      limit: LIMIT,
      concurrency,
      searches: pages.map((p) => ({ platform: p.platform, keyword: p.keyword })),
    }
    // One unmeasured fetch of every page, so both the fake and the page cache are warm for every measured run alike.
    await fetchBaseline(spec)
    const dbPath = join(outDir, 'pipeline-run.db')
    const configPath = join(outDir, 'pipeline-run.toml')
    writeFileSync(configPath, toml(dbPath, fake.url, concurrency))
    for (let r = 0; r < runs; r++) {
      log(`bench: pipeline run ${r + 1}/${runs} …`)
      rmDb(dbPath)
      copyFileSync(template, dbPath)
      const first = await pollOnce(a.binary, configPath, outDir)
      const { checked, scorerUs, post1200 } = await verify(dbPath, first.summary, expected)
      const second = await pollOnce(a.binary, configPath, outDir)
      verifySecond(second.summary, first.summary)
      const baseline = await fetchBaseline(spec)
      if (baseline.items !== KEYWORDS * POSTS_PER_PAGE) fail(`baseline client got ${baseline.items} items`)
      results.push({ first, second, baseline, checked, scorerUs, post1200 })
      const f = first.summary.totals
      log(
        `  pass 1: ${n0(first.wallMs)} ms (pass ${n0(first.passMs)} ms), ${n0(f.fetched / (first.wallMs / 1000))} mentions/s, ` +
          `${n0(f.scored / (first.wallMs / 1000))} pairs/s, ${n0(f.qualified)} signals, CPU ${n0(first.cpuMs)} ms, peak RSS ${n0(first.peakRssMb)} MB, load ${first.load}; ` +
          `pass 2: ${n0(second.wallMs)} ms; baseline ${n0(baseline.wallMs)} ms`,
      )
    }
  } finally {
    fake.proc.kill('SIGTERM')
    await fake.proc.exited
    rmDb(join(outDir, 'pipeline-run.db'))
  }

  const runsReport = { runs: results, concurrency, world, seedMs }
  printReport(runsReport, log)
  const report: PipelineReport = { ...runsReport, triage: await triageSection({ binary: a.binary, outDir, log }) }
  writeFileSync(
    join(outDir, 'last-pipeline.json'),
    JSON.stringify({ at: new Date().toISOString(), ...report }, null, 2),
  )
  return report
}

function printReport(r: Omit<PipelineReport, 'triage'>, log: (line: string) => void) {
  const w = r.world
  const rate = (run: PipelineRun, n: number) => n / (run.first.wallMs / 1000)
  const first = r.runs.map((x) => x.first)
  const f0 = first[0].summary.totals
  const fetchedPerSec = r.runs.map((x) => rate(x, x.first.summary.totals.fetched))
  const pairsPerSec = r.runs.map((x) => rate(x, x.first.summary.totals.scored))
  const inPass = r.runs.map((x) => x.first.summary.totals.fetched / (x.first.passMs / 1000))
  const ceiling = r.runs.map((x) => x.baseline.items / (x.baseline.wallMs / 1000))
  const ratio = fetchedPerSec.map((x, i) => x / ceiling[i])
  const steady = r.runs.map((x) => x.second.wallMs)
  const steadyRate = r.runs.map((x) => x.second.summary.totals.fetched / (x.second.wallMs / 1000))
  const rss = first.map((x) => x.peakRssMb)
  const med = median(fetchedPerSec)
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`
  log('')
  log(
    `polling pipeline: ${n0(w.results)} search results (${n0(w.distinctPosts)} distinct posts, ${n0(w.keywords)} keywords × ${POSTS_PER_PAGE}), ` +
      `${w.teams} teams tracking ${n0(w.trackedKeywords)} keywords → ${n0(w.pairs)} (team, mention) pairs (${n0(w.distinctPairs)} distinct); ` +
      `post text ${n0(w.chars.mean)} chars mean, ${n0(w.chars.median)} median, ${n0(w.chars.p95)} p95, ${n0(w.chars.max)} max`,
  )
  log(
    `  rules scorer, polling.limit ${LIMIT}, polling.concurrency ${r.concurrency}, fresh database per run (seeded in ${n0(r.seedMs)} ms, not timed); ` +
      `${r.runs.length} runs, median [range]`,
  )
  log(
    `  pass 1 (spawn → exit)            ${n0(median(first.map((x) => x.wallMs)))} ms  [${range(first.map((x) => x.wallMs))}]   ` +
      `pass's own startedAt→finishedAt ${n0(median(first.map((x) => x.passMs)))} ms  [${range(first.map((x) => x.passMs))}]`,
  )
  log(
    `  mentions fetched/s               ${n0(med)}  [${range(fetchedPerSec)}]   (in the pass itself: ${n0(median(inPass))} [${range(inPass)}])   ` +
      `${med >= TARGET_PER_SEC ? 'pass' : 'FAIL'} (≥ ${n0(TARGET_PER_SEC)}/s)`,
  )
  const perCpuSec = r.runs.map((x) => x.first.summary.totals.fetched / (x.first.cpuMs / 1000))
  log(
    `  per CPU second of the poller     ${n0(median(perCpuSec))} mentions  [${range(perCpuSec)}]   (CPU ${n0(median(first.map((x) => x.cpuMs)))} ms; ` +
      `scoring runs on worker threads, so the poller uses every core; load average at the start of pass 1: ${range(
        first.map((x) => x.load),
        (x) => x.toFixed(2),
      )})`,
  )
  log(
    `  (team, mention) pairs scored/s   ${n0(median(pairsPerSec))}  [${range(pairsPerSec)}]   scored ${n0(f0.scored)}, signals created ${n0(f0.qualified)} ` +
      `(${pct(f0.qualified / f0.scored)}), pending 0, checked ${n0(r.runs[0].checked)} sampled pairs against the rules scorer`,
  )
  const scorerUs = median(r.runs.map((x) => x.scorerUs))
  const scorerShare = r.runs.map((x) => (x.scorerUs * x.first.summary.totals.scored) / 1000 / x.first.cpuMs)
  log(
    `  where pass 1 goes: the rules scorer alone takes ${scorerUs.toFixed(0)} µs of CPU a call [${range(r.runs.map((x) => x.scorerUs))}] ` +
      `(timed here on the sampled pairs, each read afresh), × ${n0(f0.scored)} calls ≈ ${pct(median(scorerShare))} of the poller's CPU time [${range(scorerShare, pct)}] ` +
      '(an upper bound: the poller reads a post once for all the teams asking about it)',
  )
  const post = r.runs.map((x) => x.post1200)
  const postUs = median(post.map((x) => x.us))
  log(
    `  rules scorer on a ${n0(POST_CHARS)}-character post  ${postUs.toFixed(0)} µs of CPU a call  [${range(post.map((x) => x.us))}; fastest round ${Math.min(...post.map((x) => x.minUs)).toFixed(0)}; first round ${median(post.map((x) => x.firstUs)).toFixed(0)}]   ` +
      `${n0(post[0].posts)} sampled posts cut to ${n0(POST_CHARS)} characters, each read afresh, answers checked   ` +
      `${postUs <= TARGET_SCORER_US ? 'pass' : 'FAIL'} (≤ ${TARGET_SCORER_US} µs)`,
  )
  log(
    `  baseline: bare client, same pages  ${n0(median(ceiling))} mentions/s  [${range(ceiling)}]   pipeline at ${pct(median(ratio))} of it  [${range(ratio, pct)}]`,
  )
  log(
    `  pass 2 (nothing new, dedupe only) ${n0(median(steady))} ms  [${range(steady)}]   ${n0(median(steadyRate))} mentions/s, 0 scored, 0 signals`,
  )
  log(
    `  peak RSS of the poller (pass 1)  ${n0(median(rss))} MB  [${range(rss)}];  pass 2 ${n0(median(r.runs.map((x) => x.second.peakRssMb)))} MB`,
  )
}

if (import.meta.main) {
  await pipelineSection({
    binary: resolve(process.env.BENCH_BINARY ?? join(ROOT, 'dist/lead-signals')),
    outDir: join(ROOT, 'bench/.out'),
  })
}
