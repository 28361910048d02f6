/**
 * Evaluates a scorer on labelled posts (docs/scoring.md#evaluating-a-scorer).
 *
 *   bun scripts/eval-scorer.ts [EVAL_DATA_DIR] [--scorer rules|ollama|openai] [--min-macro-f1 X]
 *
 * Without a folder it takes the full public data from ../shared/eval-data beside the repository ($EVAL_DATA_DIR
 * names another place), and when that folder is absent, the small sample in scripts/eval/sample, so that a clone
 * alone can run it; the first line says which. The data is read at run time only: it is never imported by, or
 * bundled into, src/. For each file it prints precision, recall and F1 per label, macro-F1, accuracy and a confusion
 * matrix, next to the trivial baselines (everything / nothing of the intent). A model scorer (ollama, openai) is
 * built from the LEAD_SIGNALS_* environment, as the server builds it.
 *
 * Exit status: 0; 1 when --min-macro-f1 is given and the complaints macro-F1 is below it; 2 on a usage error, a
 * missing data folder, a scorer that cannot be built or one that answers no post at all. Posts a model scorer fails
 * on are left out of the figures and counted in the report.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { COMPLAINTS_FILE, complaintsTask, PURCHASE_FILE, purchaseTask } from './eval/data'
import { formatTask } from './eval/report'
import { runTask } from './eval/run'
import { EvalSetupError, evalScorer, SCORER_NAMES, type ScorerName } from './eval/scorer'

export { parseCsv } from './eval/data'

const USAGE = `usage: bun scripts/eval-scorer.ts [EVAL_DATA_DIR] [--scorer ${SCORER_NAMES.join('|')}] [--min-macro-f1 X]`

export type EvalArgs = { dir: string; scorer: ScorerName; minMacroF1: number | null }

/** Parses the command line; throws a UsageError with a plain message. */
export function parseArgs(argv: readonly string[], defaultDir: string): EvalArgs {
  const out: EvalArgs = { dir: defaultDir, scorer: 'rules', minMacroF1: null }
  let dirSet = false
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string
    const [flag, inline] =
      a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined]
    const value = () => {
      const v = inline ?? argv[++i]
      if (v === undefined) throw new UsageError(`${flag} needs a value`)
      return v
    }
    if (flag === '--scorer') {
      const v = value()
      if (!(SCORER_NAMES as readonly string[]).includes(v))
        throw new UsageError(`--scorer must be one of ${SCORER_NAMES.join(', ')}`)
      out.scorer = v as ScorerName
    } else if (flag === '--min-macro-f1') {
      const v = value()
      const x = Number(v)
      if (v.trim() === '' || !Number.isFinite(x) || x < 0 || x > 1)
        throw new UsageError('--min-macro-f1 must be a number from 0 to 1')
      out.minMacroF1 = x
    } else if (flag === '-h' || flag === '--help') throw new UsageError('')
    else if (a.startsWith('-')) throw new UsageError(`unknown option ${a}`)
    else if (dirSet) throw new UsageError(`one data folder only (got ${out.dir} and ${a})`)
    else {
      out.dir = resolve(a)
      dirSet = true
    }
  }
  return out
}

export class UsageError extends Error {}

// scripts/ → the repository root, whose parent holds shared/ when the full data sits beside the repository.
const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)))
const SAMPLE_DIR = join(ROOT, 'scripts', 'eval', 'sample')

/**
 * The data used when no folder is given: the full data (`fullDir`) when that folder exists, else the sample. A full
 * data folder that exists but lacks a file is an error later, never a silent switch to the sample.
 */
export function defaultData(fullDir: string, sampleDir = SAMPLE_DIR): { dir: string; sample: boolean } {
  return existsSync(fullDir) ? { dir: fullDir, sample: false } : { dir: sampleDir, sample: true }
}

async function main(): Promise<number> {
  const fullDir = process.env.EVAL_DATA_DIR
    ? resolve(process.env.EVAL_DATA_DIR)
    : join(ROOT, '..', 'shared', 'eval-data')
  const fallback = defaultData(fullDir)
  let args: EvalArgs
  try {
    args = parseArgs(process.argv.slice(2), fallback.dir)
  } catch (e) {
    if (!(e instanceof UsageError)) throw e
    if (e.message) console.error(`eval-scorer: ${e.message}`)
    console.error(USAGE)
    return 2
  }
  const missing = [COMPLAINTS_FILE, PURCHASE_FILE].map((f) => join(args.dir, f)).filter((p) => !existsSync(p))
  if (missing.length > 0) {
    console.error(`eval-scorer: no evaluation data: ${missing.join(', ')} not found.`)
    console.error(`Pass the folder holding ${COMPLAINTS_FILE} and ${PURCHASE_FILE} as the first argument.\n${USAGE}`)
    return 2
  }
  let built: ReturnType<typeof evalScorer>
  try {
    built = evalScorer(args.scorer, process.env)
  } catch (e) {
    if (!(e instanceof EvalSetupError)) throw e
    console.error(`eval-scorer: ${e.message}`)
    return 2
  }
  const { scorer, concurrency, timeoutMs } = built
  const label = scorer.model ? `${scorer.name} (${scorer.model})` : scorer.name
  const onProgress =
    args.scorer === 'rules' ? undefined : (done: number, total: number) => console.error(`  ${done}/${total}`)
  // Which data a default run took: the sample is too small for figures to compare, so it says so.
  let which = ''
  if (args.dir === fallback.dir) {
    which = fallback.sample
      ? ` (the sample in the repository: indicative figures only; no full data at ${fullDir})`
      : ' (the full data)'
  }
  console.log(`scorer: ${label}${scorer.version ? `, version ${scorer.version}` : ''}; data: ${args.dir}${which}\n`)

  let gateFigure: number | null = null
  let posts = 0
  let ms = 0
  for (const task of [complaintsTask(args.dir), purchaseTask(args.dir)]) {
    const r = await runTask(scorer, task, { concurrency, timeoutMs, onProgress })
    console.log(`${formatTask(r, scorer.name)}\n`)
    if (task.items.length > 0 && r.errors === task.items.length) {
      console.error(
        `eval-scorer: the ${scorer.name} scorer answered none of the ${task.items.length} posts (${r.firstError})`,
      )
      return 2
    }
    if (task.gate) gateFigure = r.scorer.macroF1
    posts += task.items.length
    ms += r.ms
  }
  console.log(
    `${posts} posts scored in ${ms.toFixed(0)} ms wall clock, warm-up included (${((ms * 1000) / posts).toFixed(1)} µs per post, concurrency ${concurrency})`,
  )

  if (args.minMacroF1 !== null && gateFigure !== null) {
    const ok = gateFigure >= args.minMacroF1
    console.log(
      `complaints macro-F1 ${gateFigure.toFixed(3)} ${ok ? '>=' : '<'} ${args.minMacroF1} required: ${ok ? 'pass' : 'FAIL'}`,
    )
    if (!ok) return 1
  }
  return 0
}

if (import.meta.main) process.exit(await main())
