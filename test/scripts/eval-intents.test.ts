import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Answer, figures, predictedLabel, readIntents, runIntents } from '../../scripts/eval/intents'
import { formatIntents, formatMisses } from '../../scripts/eval/intents-report'
import { throughTriage, type Triaged, triageFigures, triageIntents } from '../../scripts/eval/triage'
import { loadConfig } from '../../src/config/load'
import type { Scorer } from '../../src/scorers/types'
import { fakeOpenAi } from '../support/fake-openai'
import { fakesPerTest } from '../support/fake-upstream'

// docs/scoring.md#the-intents-set. Every post here was written for this test.
const row = (id: string, label: string, content: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id,
    platform: 'reddit',
    keyword: 'payroll',
    icp: 'Payroll software for small businesses',
    competitors: ['Gusto'],
    content,
    label,
    ...extra,
  })

const POSTS = [
  row('t1', 'ACTIVE', 'Can anyone recommend payroll software for our 12 staff? Budget approved, starting in June.'),
  row('t2', 'ACTIVE', 'We need a payroll tool before the new tax year, recommend one please'),
  row('t3', 'COMPETITOR', 'Leaving Gusto for another payroll provider after the price rise, so annoying'),
  row('t4', 'PAIN', 'I run payroll by hand every month and chase everyone for timesheets, it eats my weekend'),
  row('t5', 'QUESTION', 'How do you handle payroll for staff who change hours mid-month?'),
  row('t6', 'MENTION', 'Our payroll team is hiring a specialist, apply via the link'),
  row('t7', 'NONE', 'The payroll of the football club went up again after the transfer window'),
  row('t8', 'NONE', 'Stadium payroll numbers are in the sports pages today'),
]

function dataDir(lines: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'eval-intents-'))
  writeFileSync(join(dir, 'intents.jsonl'), `${lines.join('\n')}\n`)
  return dir
}

const script = join(import.meta.dir, '../../scripts/eval-scorer.ts')
const sampleDir = join(import.meta.dir, '../../scripts/eval/sample')

/** The command in its own process, awaited (a fake server in this process must keep answering meanwhile). */
async function evalRun(args: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawn([process.execPath, script, ...args], {
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  return { out, err, code }
}

describe('the intents set', () => {
  test('rows are read with the profile they name; unreadable rows are skipped; halves alternate within each label', () => {
    const dir = dataDir([...POSTS, 'not json', row('t9', 'MAYBE', 'unknown label'), '{"id":"t10","label":"NONE"}'])
    try {
      const { rows, skipped } = readIntents(dir)
      expect(rows.length).toBe(8)
      expect(skipped).toBe(3)
      expect(rows[0]?.input).toEqual({
        content: expect.stringContaining('recommend payroll'),
        keyword: 'payroll',
        icps: [{ name: 't1', description: 'Payroll software for small businesses', competitors: ['Gusto'] }],
      })
      expect(rows.filter((r) => r.label === 'ACTIVE').map((r) => r.half)).toEqual(['A', 'B'])
      expect(rows.filter((r) => r.label === 'NONE').map((r) => r.half)).toEqual(['A', 'B'])
      expect(rows.find((r) => r.label === 'PAIN')?.half).toBe('A')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('a score in the off-topic band is NONE whatever the intent', () => {
    expect(predictedLabel({ intent: 'QUESTION', score: 2.9 })).toBe('NONE')
    expect(predictedLabel({ intent: 'MENTION', score: 3 })).toBe('MENTION')
    expect(predictedLabel({ intent: 'ACTIVE', score: 8 })).toBe('ACTIVE')
  })

  test('buyer recall, off-topic qualified and the buyers per score band', async () => {
    const dir = dataDir(POSTS)
    try {
      // Scores by id: three of the four buyer posts qualify, one off-topic post does too.
      const scores: Record<string, number> = { t1: 9, t2: 5, t3: 7, t4: 6, t5: 4, t6: 3.5, t7: 1, t8: 6.5 }
      const scorer: Scorer = {
        name: 'fake',
        async score(input) {
          const id = input.icps[0]?.name ?? ''
          if (id === 't6') throw new Error('model down')
          return { intent: 'MENTION', score: scores[id] ?? 0, icpMatch: null, reason: '' }
        },
      }
      const r = await runIntents(scorer, readIntents(dir), { concurrency: 2, timeoutMs: 1000, threshold: 6 })
      expect(r.errors).toBe(1)
      expect(r.firstError).toBe('Error: model down')
      expect(r.buyerRecall).toBeCloseTo(3 / 4, 12)
      expect(r.offTopicQualified).toBeCloseTo(1 / 2, 12)
      expect(r.bands.map((b) => [b.name, b.buyers, b.posts])).toEqual([
        ['0-3', 0, 1],
        ['4-5', 1, 2],
        ['6-7', 2, 3],
        ['8-10', 1, 1],
      ])
      // Half A holds t1, t3, t4, t5, t7 (the first of each label); t6 got no answer.
      expect(r.halves.A.summary.total + r.halves.B.summary.total).toBe(7)
      expect(figures([], 6).buyerRecall).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test("each half's figures are reported; --misses lists half A's misread posts and never half B's", async () => {
    const dir = dataDir(POSTS)
    try {
      const data = readIntents(dir)
      // Every post answered MENTION 4: all of half A misread but t6, its MENTION.
      const scorer: Scorer = {
        name: 'fake',
        async score() {
          return { intent: 'MENTION', score: 4, icpMatch: null, reason: 'always a mention' }
        },
      }
      const r = await runIntents(scorer, data, { concurrency: 1, timeoutMs: 1000, threshold: 6 })
      const report = formatIntents(r, 'fake')
      expect(report).toMatch(/half A: macro-F1 [\d.]+[^\n]*\n {4}F1 ACTIVE [\d.]+, COMPETITOR/)
      expect(report).toMatch(/half B: macro-F1 [\d.]+[^\n]*\n {4}F1 ACTIVE/)
      const misses = formatMisses(r.answers)
      const halfA = data.rows.filter((row) => row.half === 'A' && row.label !== 'MENTION')
      const halfB = data.rows.filter((row) => row.half === 'B')
      expect(halfA.length).toBe(5)
      for (const row of halfA) expect(misses).toContain(`${row.id}: ${row.label} read as MENTION (4)`)
      for (const row of halfB) {
        expect(misses).not.toContain(`${row.id}:`)
        expect(misses).not.toContain(row.input.content.slice(0, 30))
      }
      expect(misses).toContain("half A's misread posts (5; half B's posts are never listed)")
      // Even a list of answers made only of half B's holds none of them.
      const onlyB: Answer[] = r.answers.filter((a) => a.row.half === 'B')
      expect(formatMisses(onlyB).split('\n')).toHaveLength(1)
      const run = await evalRun([dir, '--misses'])
      expect(run.code).toBe(0)
      expect(run.out).toContain("half A's misread posts")
      for (const row of halfB) expect(run.out).not.toContain(row.input.content.slice(0, 30))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('the command reports the intents set and holds it to --min-intents-macro-f1 and --max-off-topic-qualified', async () => {
    const dir = dataDir(POSTS)
    try {
      const pass = await evalRun([dir, '--min-intents-macro-f1', '0.1', '--max-off-topic-qualified', '0.5'])
      expect(pass.code).toBe(0)
      for (const part of [
        'intents.jsonl',
        'buyer recall',
        'off-topic qualified',
        'buyer posts per score band',
        'half B',
      ])
        expect(pass.out).toContain(part)
      expect(pass.out).toMatch(/intents macro-F1 \d\.\d{3} >= 0\.1 required: pass/)
      expect(pass.err).toContain('complaints-data.csv not found: skipped')
      const fail = await evalRun([dir, '--min-intents-macro-f1=1'])
      expect(fail.code).toBe(1)
      expect(fail.out).toContain('FAIL')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('a floor on a file the folder lacks, or a folder with none of the files, exits 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eval-intents-'))
    try {
      writeFileSync(join(dir, 'purchase-intent-iphonex.csv'), 'class,text\nyes,I want to buy the new phone\n')
      const missing = await evalRun([dir, '--max-off-topic-qualified', '0.05'])
      expect(missing.code).toBe(2)
      expect(missing.err).toContain('need intents.jsonl')
      rmSync(join(dir, 'purchase-intent-iphonex.csv'))
      const empty = await evalRun([dir])
      expect(empty.code).toBe(2)
      expect(empty.err).toContain('no evaluation data')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('the sample in the repository holds an intents set with every label', async () => {
    const run = await evalRun([sampleDir])
    expect(run.code).toBe(0)
    expect(run.out).toMatch(/intents\.jsonl[^\n]*\n {2}\d+ posts \((?:[1-9]\d* [A-Z]+(?:, )?){6}\)/)
  })
})

describe('a model scorer measured on the intents set', () => {
  const startFake = fakesPerTest()

  test('--scorer openai: the fake OpenAI-compatible server answers every post and is measured like the rules', async () => {
    const server = fakeOpenAi()
    const dir = dataDir(POSTS)
    try {
      const env = {
        LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: server.baseUrl,
        LEAD_SIGNALS_SCORER_OPENAI_MODEL: 'gpt-test',
      }
      const r = await evalRun([dir, '--scorer', 'openai', '--max-off-topic-qualified', '0'], env)
      expect(r.code).toBe(0)
      expect(r.out).toContain('scorer: openai (gpt-test)')
      // The fake says ACTIVE 8 to the two posts asking for a recommendation and MENTION 2 (off topic) to the rest.
      expect(r.out).toMatch(/ACTIVE +1\.000 +1\.000 +1\.000/)
      expect(r.out).toContain('buyer recall 0.500: 2 of 4')
      expect(r.out).toContain(
        'off-topic qualified 0.0%: 0 of 2 NONE posts qualified (95% interval 0.0%-65.8%; one post is 50.0%)',
      )
      // The fake qualifies the posts asking for a recommendation; of those, the buyers the rules send on count.
      const { rows } = readIntents(dir)
      const rules = triageIntents(rows)
      const { triage_min_buyer } = loadConfig({ env: {} }).scorer
      const both = rows.filter(
        (row, i) => /recommend/i.test(row.input.content) && rules[i].buyer && rules[i].score >= triage_min_buyer,
      ).length
      expect(r.out).toContain(
        `buyer recall of triage and openai together: ${(both / 4).toFixed(3)} (${both} of 4 buyer posts sent on and qualified; openai alone qualifies 2)`,
      )
      expect(server.calls()).toBe(POSTS.length)
    } finally {
      server.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('--scorer ollama: a fake Ollama answering /api/chat is measured the same way', async () => {
    const ollama = startFake((req) => {
      const body = JSON.parse(req.body) as { model: string; messages: { role: string; content: string }[] }
      const post = body.messages.at(-1)?.content.split('between the markers:').at(-1) ?? ''
      const answer = /leaving/i.test(post)
        ? { reason: 'Leaves a rival.', intent: 'COMPETITOR', icpMatch: null, score: 8 }
        : { reason: 'Nothing to sell to.', intent: 'MENTION', icpMatch: null, score: 1 }
      return Response.json({
        model: body.model,
        message: { role: 'assistant', content: JSON.stringify(answer) },
        done: true,
      })
    })
    const dir = dataDir(POSTS)
    try {
      const r = await evalRun([dir, '--scorer', 'ollama'], { LEAD_SIGNALS_SCORER_OLLAMA_HOST: ollama.origin })
      expect(r.code).toBe(0)
      expect(r.out).toContain('scorer: ollama (qwen2.5:3b)')
      expect(r.out).toMatch(/COMPETITOR +1\.000 +1\.000 +1\.000/)
      expect(r.out).toContain('buyer recall 0.250: 1 of 4')
      expect(ollama.received.filter((q) => q.url.pathname === '/api/chat').length).toBe(POSTS.length)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('triage measured on the intents set (docs/scoring.md#triage)', () => {
  const post = (score: number, group: string, buyer: boolean): Triaged => ({ score, group, buyer })

  test('the share sent on, buyer recall through triage and the share of the other posts sent on', () => {
    const posts = [
      post(7, 'ACTIVE', true),
      post(4.5, 'PAIN', true),
      post(3, 'PAIN', true),
      post(4.5, 'QUESTION', false),
      post(3.9, 'MENTION', false),
      post(1, 'NONE', false),
    ]
    const f = triageFigures(posts, 4.5)
    expect(f).toMatchObject({ posts: 6, sent: 3, sentShare: 0.5, buyers: 3, othersSentShare: 1 / 3 })
    expect(f.buyerRecall).toBeCloseTo(2 / 3)
    expect(f.groups).toEqual([
      { group: 'ACTIVE', posts: 1, sent: 1 },
      { group: 'PAIN', posts: 2, sent: 1 },
      { group: 'QUESTION', posts: 1, sent: 1 },
      { group: 'MENTION', posts: 1, sent: 0 },
      { group: 'NONE', posts: 1, sent: 0 },
    ])
    expect(triageFigures(posts, 0).sentShare).toBe(1)
    expect(triageFigures(posts, 10).sent).toBe(0)
  })

  test('with a model: a buyer counts when triage sends it on and the model qualifies it', () => {
    const dir = dataDir(POSTS)
    try {
      const { rows } = readIntents(dir)
      const rules = rows.map((r) => post(r.label === 'ACTIVE' ? 1 : 8, r.label, false))
      // The "model" qualifies every post; triage keeps both ACTIVE posts from it.
      const answers = rows.map((row) => ({ row, score: 9 }))
      expect(throughTriage(answers, rows, rules, { threshold: 4, qualify: 6 })).toEqual({
        buyers: 4,
        model: 4,
        both: 2,
      })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('the command reports triage at the configured threshold, with a sweep', async () => {
    const dir = dataDir(POSTS)
    try {
      const rules = triageIntents(readIntents(dir).rows)
      for (const threshold of [0.05, 0.3]) {
        const run = await evalRun([dir], { LEAD_SIGNALS_SCORER_TRIAGE_MIN_BUYER: String(threshold) })
        expect(run.code).toBe(0)
        const f = triageFigures(rules, threshold)
        expect(run.out).toContain(`buyer probability is >= ${threshold} (scorer.triage_min_buyer)`)
        expect(run.out).toContain(`sends on ${(f.sentShare * 100).toFixed(1)}% of posts (${f.sent} of 8)`)
        expect(run.out).toContain(`buyer recall through triage ${f.buyerRecall.toFixed(3)}`)
        expect(run.out).toMatch(new RegExp(`\\n +${threshold}\\* \\|`))
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
