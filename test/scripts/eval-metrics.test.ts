import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultData, parseArgs, parseCsv, UsageError } from '../../scripts/eval-scorer'
import { complaintsTask, purchaseTask } from '../../scripts/eval/data'
import { accuracy, confusion, macroF1, perLabel, summarize, wilsonInterval } from '../../scripts/eval/metrics'
import { runTask } from '../../scripts/eval/run'
import type { Scorer } from '../../src/scorers/types'

type L = 'pos' | 'neg'
const pairs = (spec: Array<[L, L, number]>) =>
  spec.flatMap(([actual, predicted, n]) => Array.from({ length: n }, () => ({ actual, predicted })))

describe('eval metrics', () => {
  // tp 6, fn 2, fp 3, tn 9
  const c = confusion<L>(
    ['pos', 'neg'],
    pairs([
      ['pos', 'pos', 6],
      ['pos', 'neg', 2],
      ['neg', 'pos', 3],
      ['neg', 'neg', 9],
    ]),
  )

  test('the confusion matrix has actual labels as rows and predicted labels as columns', () => {
    expect(c.matrix).toEqual([
      [6, 2],
      [3, 9],
    ])
  })

  test('precision, recall and F1 per label, support = how many actually carry it', () => {
    const [pos, neg] = perLabel(c)
    expect(pos?.label).toBe('pos')
    expect(pos?.precision).toBeCloseTo(6 / 9, 12)
    expect(pos?.recall).toBeCloseTo(6 / 8, 12)
    expect(pos?.f1).toBeCloseTo((2 * 6) / (2 * 6 + 3 + 2), 12)
    expect(pos?.support).toBe(8)
    expect(neg?.precision).toBeCloseTo(9 / 11, 12)
    expect(neg?.recall).toBeCloseTo(9 / 12, 12)
    expect(neg?.f1).toBeCloseTo((2 * 9) / (2 * 9 + 2 + 3), 12)
    expect(neg?.support).toBe(12)
  })

  test('macro-F1 is the unweighted mean of the per-label F1; accuracy is the diagonal share', () => {
    expect(macroF1(c)).toBeCloseTo((12 / 17 + 18 / 23) / 2, 12)
    expect(accuracy(c)).toBeCloseTo(15 / 20, 12)
    const s = summarize(c)
    expect(s.total).toBe(20)
    expect(s.macroF1).toBe(macroF1(c))
  })

  test('a label never predicted has precision and F1 0, and still counts in macro-F1', () => {
    const all = confusion<L>(
      ['pos', 'neg'],
      pairs([
        ['pos', 'pos', 3],
        ['neg', 'pos', 7],
      ]),
    )
    const [pos, neg] = perLabel(all)
    expect(pos?.precision).toBeCloseTo(0.3, 12)
    expect(pos?.recall).toBe(1)
    expect(neg).toEqual({ label: 'neg', precision: 0, recall: 0, f1: 0, support: 7 })
    expect(macroF1(all)).toBeCloseTo((2 * 0.3) / 1.3 / 2, 12)
  })

  test('more than two labels and an empty input', () => {
    const m = confusion(
      ['a', 'b', 'c'],
      [
        { actual: 'a', predicted: 'a' },
        { actual: 'b', predicted: 'c' },
        { actual: 'c', predicted: 'c' },
      ],
    )
    expect(perLabel(m).map((r) => r.f1)).toEqual([1, 0, 2 / 3])
    expect(macroF1(m)).toBeCloseTo(5 / 9, 12)
    const empty = confusion(['a', 'b'], [])
    expect(macroF1(empty)).toBe(0)
    expect(accuracy(empty)).toBe(0)
  })

  test('an unknown or duplicated label is an error, not a silent miscount', () => {
    expect(() => confusion(['a', 'b'], [{ actual: 'a', predicted: 'z' }])).toThrow('unknown label "z"')
    expect(() => confusion(['a', 'a'], [])).toThrow()
  })

  test('the Wilson interval of a share: wide on a small set, never outside 0-1, symmetric in k and n - k', () => {
    const two = wilsonInterval(2, 50)
    expect(two.low).toBeCloseTo(0.011, 3)
    expect(two.high).toBeCloseTo(0.1346, 3)
    // None of 10 still leaves about 28% possible; all of 10 mirrors it.
    expect(wilsonInterval(0, 10)).toEqual({ low: 0, high: expect.closeTo(0.2775, 3) })
    const all = wilsonInterval(10, 10)
    expect(all.high).toBe(1)
    expect(all.low).toBeCloseTo(0.7225, 3)
    // The same share on ten times the posts is about three times narrower.
    const wide = wilsonInterval(4, 50)
    const narrow = wilsonInterval(40, 500)
    expect((wide.high - wide.low) / (narrow.high - narrow.low)).toBeGreaterThan(2.8)
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 })
  })
})

describe('eval data and arguments', () => {
  test('CSV with quoted commas, doubled quotes and newlines', () => {
    expect(parseCsv('1,"a, ""b""\nc",1,x\r\n2,plain,0,y\n')).toEqual([
      ['1', 'a, "b"\nc', '1', 'x'],
      ['2', 'plain', '0', 'y'],
    ])
  })

  test('the two data files are read with their own label conventions', () => {
    const dir = mkdtempSync(join(tmpdir(), 'eval-data-'))
    try {
      writeFileSync(
        join(dir, 'complaints-data.csv'),
        '1,"my order, late",1,retail\n2,nice day,0,random_tweet\n3,x,?,other\n',
      )
      writeFileSync(join(dir, 'purchase-intent-iphonex.csv'), 'class,text\nyes,a\nPI,b\nNo,c\nundefined,d\n-,e\n')
      const c = complaintsTask(dir)
      expect(c.items).toEqual([
        { text: 'my order, late', positive: true },
        { text: 'nice day', positive: false },
      ])
      expect(c.skipped).toBe(1)
      expect(c.isPositive('PAIN') && c.isPositive('COMPETITOR') && !c.isPositive('ACTIVE')).toBe(true)
      const p = purchaseTask(dir)
      expect(p.items.map((i) => i.positive)).toEqual([true, true, false])
      expect(p.skipped).toBe(2)
      expect(p.isPositive('ACTIVE') && !p.isPositive('PAIN')).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('arguments: data folder, --scorer and --min-macro-f1', () => {
    const none = {
      minMacroF1: null,
      minIntentsMacroF1: null,
      maxOffTopicQualified: null,
      minBuyerRecall: null,
      maxQuestionMentionQualified: null,
      minTriageRecall: null,
      maxTriageOthers: null,
      misses: false,
    }
    expect(parseArgs([], '/d')).toEqual({ dir: '/d', scorer: 'rules', ...none })
    expect(parseArgs(['/x', '--scorer', 'ollama', '--min-macro-f1=0.7'], '/d')).toEqual({
      ...none,
      dir: '/x',
      scorer: 'ollama',
      minMacroF1: 0.7,
    })
    expect(parseArgs(['--min-intents-macro-f1', '0.7', '--max-off-topic-qualified=0.05'], '/d')).toEqual({
      ...none,
      dir: '/d',
      scorer: 'rules',
      minIntentsMacroF1: 0.7,
      maxOffTopicQualified: 0.05,
    })
    expect(
      parseArgs(
        [
          '--min-buyer-recall=0.86',
          '--max-question-mention-qualified',
          '0.1',
          '--min-triage-recall',
          '0.95',
          '--max-triage-others=0.27',
        ],
        '/d',
      ),
    ).toEqual({
      ...none,
      dir: '/d',
      scorer: 'rules',
      minBuyerRecall: 0.86,
      maxQuestionMentionQualified: 0.1,
      minTriageRecall: 0.95,
      maxTriageOthers: 0.27,
    })
    expect(() => parseArgs(['--min-triage-recall', '1.5'], '/d')).toThrow(
      '--min-triage-recall must be a number from 0 to 1',
    )
    expect(parseArgs(['--misses'], '/d').misses).toBe(true)
    expect(() => parseArgs(['--max-off-topic-qualified', '5'], '/d')).toThrow('from 0 to 1')
    expect(() => parseArgs(['--scorer', 'gpt'], '/d')).toThrow(UsageError)
    expect(() => parseArgs(['--min-macro-f1', 'high'], '/d')).toThrow(UsageError)
    expect(() => parseArgs(['--min-macro-f1'], '/d')).toThrow(UsageError)
    expect(() => parseArgs(['--verbose'], '/d')).toThrow(UsageError)
  })
})

describe('eval runner and command', () => {
  const tiny = () => {
    const dir = mkdtempSync(join(tmpdir(), 'eval-data-'))
    writeFileSync(
      join(dir, 'complaints-data.csv'),
      [
        '1,"@shop where is my refund, still waiting",1,retail',
        '2,my app keeps crashing every time,1,software',
        '3,lovely sunny day at the beach,0,random_tweet',
        '4,"thanks, see you tomorrow",0,random_reply',
        // Labelled a complaint though it thanks: no scorer should call it one, which keeps the embedded scorer below a
        // perfect score.
        '5,what a lovely gift thank you so much,1,apparel',
      ].join('\n'),
    )
    writeFileSync(
      join(dir, 'purchase-intent-iphonex.csv'),
      'class,text\nyes,I want to buy the new phone\nno,nice photo\n',
    )
    return dir
  }
  const script = join(import.meta.dir, '../../scripts/eval-scorer.ts')
  const sampleDir = join(import.meta.dir, '../../scripts/eval/sample')
  const evalRun = (...args: string[]) => evalRunIn({}, ...args)
  const evalRunIn = (env: Record<string, string>, ...args: string[]) =>
    Bun.spawnSync([process.execPath, script, ...args], { env: { ...process.env, NO_COLOR: '1', ...env } })

  test('runTask: at most `concurrency` calls in flight, failed posts counted and left out of the figures', async () => {
    const dir = tiny()
    try {
      const task = complaintsTask(dir)
      let inFlight = 0
      let most = 0
      const scorer: Scorer = {
        name: 'fake',
        async score(input) {
          inFlight++
          most = Math.max(most, inFlight)
          await Bun.sleep(5)
          inFlight--
          if (input.content.includes('sunny')) throw new Error('model down')
          return { score: 5, intent: input.content.includes('refund') ? 'PAIN' : 'MENTION', icpMatch: null, reason: '' }
        },
      }
      const r = await runTask(scorer, task, { concurrency: 2, timeoutMs: 1000 })
      expect(most).toBe(2)
      expect(r.errors).toBe(1)
      expect(r.firstError).toBe('Error: model down')
      expect(r.scorer.total).toBe(4)
      expect(r.scorer.confusion.matrix).toEqual([
        [1, 2],
        [0, 1],
      ])
      expect(r.intents).toEqual({ PAIN: 1, MENTION: 3 })
      expect(r.baselines.map((b) => [b.name, b.summary.total])).toEqual([
        ['everything PAIN', 5],
        ['nothing PAIN', 5],
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('the command prints the table and exits 1 below --min-macro-f1, 0 at or above it', () => {
    const dir = tiny()
    try {
      // The rules get 4 of 5 right: complaint F1 0.8, not-complaint F1 0.8.
      const pass = evalRun(dir, '--min-macro-f1', '0.79')
      const out = pass.stdout.toString()
      expect(pass.exitCode).toBe(0)
      for (const part of [
        'complaint',
        'not complaint',
        'macro-F1',
        'everything PAIN',
        'nothing PAIN',
        'confusion matrix',
        'pass',
      ]) {
        expect(out).toContain(part)
      }
      const fail = evalRun(dir, '--min-macro-f1=0.81')
      expect(fail.exitCode).toBe(1)
      expect(fail.stdout.toString()).toContain('FAIL')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('a missing data folder or a bad option exits 2 with a plain message', () => {
    const missing = evalRun(join(tmpdir(), 'no-such-eval-data-folder'))
    expect(missing.exitCode).toBe(2)
    expect(missing.stderr.toString()).toContain('no evaluation data')
    const bad = evalRun('--scorer', 'gpt')
    expect(bad.exitCode).toBe(2)
    expect(bad.stderr.toString()).toContain('--scorer must be one of rules, ollama, openai')
  })

  test('without the full data beside the repository, the command runs on the sample in the repository and says so', () => {
    const run = evalRunIn({ EVAL_DATA_DIR: join(tmpdir(), 'no-such-shared-eval-data') })
    const out = run.stdout.toString()
    expect(run.exitCode).toBe(0)
    expect(out).toContain(`data: ${sampleDir} (the sample in the repository`)
    // Both tasks, with both of their labels present in the sample.
    expect(out).toMatch(/complaints-data\.csv[^\n]*\n {2}\d+ posts \([1-9]\d* complaint, [1-9]\d* not complaint\)/)
    expect(out).toMatch(/purchase-intent-iphonex\.csv[^\n]*\n {2}\d+ posts \([1-9]\d* ACTIVE, [1-9]\d* not ACTIVE\)/)
    expect(out).toContain('macro-F1')
  })

  test('with the full data present, a run without a folder takes it, not the sample', () => {
    const dir = tiny()
    try {
      const run = evalRunIn({ EVAL_DATA_DIR: dir })
      expect(run.exitCode).toBe(0)
      expect(run.stdout.toString()).toContain(`data: ${dir} (the full data)`)
      expect(run.stdout.toString()).toContain('5 posts (3 complaint, 2 not complaint)')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('defaultData: the full data folder when it exists, else the sample', () => {
    const dir = tiny()
    try {
      expect(defaultData(dir, '/sample')).toEqual({ dir, sample: false })
      expect(defaultData(join(dir, 'absent'), '/sample')).toEqual({ dir: '/sample', sample: true })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
