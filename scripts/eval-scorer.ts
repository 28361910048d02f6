/**
 * Evaluates a scorer on labelled posts (docs/scoring.md#evaluating-a-scorer).
 *
 *   bun scripts/eval-scorer.ts [EVAL_DATA_DIR] [--scorer rules|ollama|openai] [--min-macro-f1 X]
 *                              [--min-intents-macro-f1 X] [--max-off-topic-qualified X] [--misses]
 *
 * Without a folder it takes the full public data from ../shared/eval-data beside the repository ($EVAL_DATA_DIR
 * names another place), and when that folder is absent, the small sample in scripts/eval/sample, so that a clone
 * alone can run it; the first line says which. The data is read at run time only: it is never imported by, or
 * bundled into, src/. For the two CSV files it prints precision, recall and F1 per label, macro-F1, accuracy and a
 * confusion matrix, next to the trivial baselines (everything / nothing of the intent); for the intents set, the six
 * labels' figures, buyer recall, off-topic qualified and the buyers per score band (scripts/eval/intents.ts). A file
 * missing from the folder is skipped with a line on stderr. A model scorer (ollama, openai) is built from the
 * LEAD_SIGNALS_* environment, as the server builds it.
 *
 * Exit status: 0; 1 when a floor or ceiling given (--min-macro-f1 on the complaints, --min-intents-macro-f1 and
 * --max-off-topic-qualified on the intents) is not met; 2 on a usage error, a folder with none of the files or without
 * the file a floor needs, a scorer that cannot be built or one that answers no post at all. Posts a model scorer
 * fails on are left out of the figures and counted in the report. `--misses` lists the posts of the intents set's
 * half A that the scorer got wrong; half B's posts are never listed, only its figures (docs/scoring.md#the-intents-set).
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type EvalArgs, parseArgs, USAGE, UsageError } from './eval/args'
import { COMPLAINTS_FILE, complaintsTask, PURCHASE_FILE, purchaseTask } from './eval/data'
import { INTENTS_FILE, readIntents, runIntents } from './eval/intents'
import { type Gate, INTENTS_BOUNDS, intentsGates, triageGates } from './eval/gates'
import { formatIntents, formatMisses } from './eval/intents-report'
import { formatCrossValidation } from './eval/cross-validation'
import { formatTask } from './eval/report'
import { runTask } from './eval/run'
import { EvalSetupError, evalScorer } from './eval/scorer'
import { formatTriage, throughTriage, triageComplaints, triageIntents } from './eval/triage'

export { parseArgs, UsageError } from './eval/args'
export { parseCsv } from './eval/data'

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
  const has = (f: string) => existsSync(join(args.dir, f))
  const files = [COMPLAINTS_FILE, PURCHASE_FILE, INTENTS_FILE]
  if (!files.some(has)) {
    console.error(`eval-scorer: no evaluation data: none of ${files.join(', ')} is in ${args.dir}.`)
    console.error(`Pass the folder holding them as the first argument.\n${USAGE}`)
    return 2
  }
  const needed = [
    args.minMacroF1 !== null && !has(COMPLAINTS_FILE) ? `--min-macro-f1 needs ${COMPLAINTS_FILE}` : '',
    INTENTS_BOUNDS.some((k) => args[k] !== null) && !has(INTENTS_FILE)
      ? `the bounds on the intents set (--min-intents-macro-f1 and the others) need ${INTENTS_FILE}`
      : '',
  ].filter(Boolean)
  if (needed.length > 0) {
    console.error(`eval-scorer: ${needed.join('; ')}, which is not in ${args.dir}`)
    return 2
  }
  for (const f of files.filter((f) => !has(f))) console.error(`eval-scorer: ${join(args.dir, f)} not found: skipped`)
  let built: Awaited<ReturnType<typeof evalScorer>>
  try {
    built = await evalScorer(args.scorer, process.env)
  } catch (e) {
    if (!(e instanceof EvalSetupError)) throw e
    console.error(`eval-scorer: ${e.message}`)
    return 2
  }
  const { scorer, concurrency, timeoutMs, threshold, triageMinBuyer } = built
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

  const gates: Gate[] = []
  const answered = (n: number, errors: number, firstError: string | null) => {
    if (n === 0 || errors < n) return true
    console.error(`eval-scorer: the ${scorer.name} scorer answered none of the ${n} posts (${firstError})`)
    return false
  }
  let posts = 0
  let ms = 0
  const tasks = [
    has(COMPLAINTS_FILE) ? complaintsTask(args.dir) : null,
    has(PURCHASE_FILE) ? purchaseTask(args.dir) : null,
  ]
  for (const task of tasks) {
    if (!task) continue
    const r = await runTask(scorer, task, { concurrency, timeoutMs, onProgress })
    console.log(`${formatTask(r, scorer.name)}\n`)
    if (!answered(task.items.length, r.errors, r.firstError)) return 2
    if (task.gate && args.minMacroF1 !== null)
      gates.push({ what: 'complaints macro-F1', figure: r.scorer.macroF1, bound: args.minMacroF1, floor: true })
    posts += task.items.length
    ms += r.ms
  }
  const intents = has(INTENTS_FILE) ? readIntents(args.dir) : undefined
  const triaged = intents ? triageIntents(intents.rows) : undefined
  if (intents && triaged) {
    const r = await runIntents(scorer, intents, { concurrency, timeoutMs, threshold })
    console.log(`${formatIntents(r, scorer.name)}\n`)
    if (args.misses) console.log(`${formatMisses(r.answers)}\n`)
    if (!answered(intents.rows.length, r.errors, r.firstError)) return 2
    if (args.scorer !== 'rules') {
      const t = throughTriage(r.answers, intents.rows, triaged, { threshold: triageMinBuyer, qualify: threshold })
      console.log(
        `buyer recall of triage and ${scorer.name} together: ${(t.both / Math.max(1, t.buyers)).toFixed(3)} ` +
          `(${t.both} of ${t.buyers} buyer posts sent on and qualified; ${scorer.name} alone qualifies ${t.model})\n`,
      )
    }
    gates.push(...intentsGates(args, r), ...triageGates(args, triaged, triageMinBuyer))
    posts += intents.rows.length
    ms += r.ms
  }
  const complaints = has(COMPLAINTS_FILE) ? triageComplaints(args.dir) : undefined
  console.log(`${formatTriage({ threshold: triageMinBuyer, intents: triaged, complaints })}\n`)
  if (args.scorer === 'rules') console.log(`${formatCrossValidation()}\n`)
  console.log(
    `${posts} posts scored in ${ms.toFixed(0)} ms wall clock, warm-up included (${((ms * 1000) / posts).toFixed(1)} µs per post, concurrency ${concurrency})`,
  )

  let failed = false
  for (const g of gates) {
    const ok = g.floor ? g.figure >= g.bound : g.figure <= g.bound
    const sign = g.floor ? (ok ? '>=' : '<') : ok ? '<=' : '>'
    console.log(`${g.what} ${g.figure.toFixed(3)} ${sign} ${g.bound} required: ${ok ? 'pass' : 'FAIL'}`)
    failed ||= !ok
  }
  return failed ? 1 : 0
}

if (import.meta.main) process.exit(await main())
