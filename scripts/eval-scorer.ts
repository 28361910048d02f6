/**
 * Evaluates the embedded `rules` scorer on the labelled public data in shared/eval-data (see its README).
 *
 *   bun scripts/eval-scorer.ts [EVAL_DATA_DIR]
 *
 * The directory defaults to ../shared/eval-data next to the repository (…/shared/eval-data when the repository is
 * …/main). The data is read at run time only: it is never imported by, or bundled into, src/.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRulesScorer } from '../src/scorers/rules'
import type { ScoreResult } from '../src/scorers/types'

/** RFC 4180 CSV: quoted fields may hold commas, newlines and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i++
        } else quoted = false
      } else field += ch
    } else if (ch === '"' && field === '') quoted = true
    else if (ch === ',') {
      row.push(field)
      field = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += ch
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows.filter((r) => !(r.length === 1 && r[0] === ''))
}

type Counts = { tp: number; fp: number; fn: number; tn: number }

function metrics(c: Counts) {
  const precision = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0
  const recall = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 0
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0
  const accuracy = (c.tp + c.tn) / (c.tp + c.fp + c.fn + c.tn || 1)
  return { precision, recall, f1, accuracy }
}

function count(pairs: Array<[predicted: boolean, actual: boolean]>): Counts {
  const c: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 }
  for (const [p, a] of pairs) {
    if (p && a) c.tp++
    else if (p) c.fp++
    else if (a) c.fn++
    else c.tn++
  }
  return c
}

function defaultDir(): string {
  // scripts/ → repository root → its parent, where shared/ sits beside the repository.
  const root = resolve(fileURLToPath(new URL('..', import.meta.url)))
  return join(root, '..', 'shared', 'eval-data')
}

async function main() {
  const dir = resolve(process.argv[2] ?? defaultDir())
  const complaintsPath = join(dir, 'complaints-data.csv')
  const intentPath = join(dir, 'purchase-intent-iphonex.csv')
  for (const p of [complaintsPath, intentPath]) {
    if (!existsSync(p)) {
      console.error(`eval-scorer: missing ${p} (pass the eval-data directory as the first argument)`)
      process.exit(2)
    }
  }
  const scorer = createRulesScorer()
  const signal = new AbortController().signal
  const score = (content: string): Promise<ScoreResult> => scorer.score({ content, icps: [] }, signal)
  const table: Array<Record<string, string | number>> = []
  const started = performance.now()
  let scored = 0

  // Complaints: a complaint (label 1) should come out as PAIN or COMPETITOR, a non-complaint as neither.
  const complaints = parseCsv(readFileSync(complaintsPath, 'utf8'))
  const cPairs: Array<[boolean, boolean]> = []
  const intents: Record<string, number> = {}
  for (const [, text = '', label = ''] of complaints) {
    const r = await score(text)
    scored++
    intents[r.intent] = (intents[r.intent] ?? 0) + 1
    cPairs.push([r.intent === 'PAIN' || r.intent === 'COMPETITOR', label.trim() === '1'])
  }
  const cc = count(cPairs)
  table.push({ dataset: 'complaints', target: 'PAIN|COMPETITOR vs label 1', rows: cPairs.length, ...cc, ...fmt(metrics(cc)) })

  // Purchase intent: yes/Yes/PI positive, no/No negative, undefined skipped.
  const intentRows = parseCsv(readFileSync(intentPath, 'utf8')).slice(1)
  const pPairs: Array<[boolean, boolean]> = []
  let skipped = 0
  for (const [cls, text] of intentRows) {
    const k = (cls ?? '').trim().toLowerCase()
    const actual = k === 'yes' || k === 'pi' ? true : k === 'no' ? false : null
    if (actual === null || text === undefined) {
      skipped++
      continue
    }
    const r = await score(text)
    scored++
    pPairs.push([r.intent === 'ACTIVE', actual])
  }
  const pc = count(pPairs)
  table.push({ dataset: 'purchase-intent', target: 'ACTIVE vs yes/PI', rows: pPairs.length, ...pc, ...fmt(metrics(pc)) })

  const ms = performance.now() - started
  console.table(table)
  console.log(`complaints intents: ${JSON.stringify(intents)}`)
  console.log(`purchase-intent: ${skipped} undefined rows skipped`)
  console.log(`${scored} posts scored in ${ms.toFixed(0)} ms (${((scored / ms) * 1000).toFixed(0)} posts/s)`)
}

function fmt(m: ReturnType<typeof metrics>) {
  return {
    precision: m.precision.toFixed(3),
    recall: m.recall.toFixed(3),
    f1: m.f1.toFixed(3),
    accuracy: m.accuracy.toFixed(3),
  }
}

if (import.meta.main) await main()
