// Regressions against a stored reference (docs/performance.md#checking-for-regressions).
//   Every bench run appends its figures to bench/.out/history.jsonl.
//   `npm run bench -- --save-reference` (after at least two runs of the same sections): bench/reference.json gets,
//     per figure, the median of its last runs and the noise measured between them; the file is committed.
//   `npm run bench -- --check`: after the run, each figure is compared with the reference; one worse by more than its
//     allowance (the measured noise, at least MIN_ALLOWANCE) fails the run with exit status 1.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import type { Better, Figure } from './figures'

export type Reference = Record<string, { value: number; better: Better; allowance: number; runs: number }>
type HistoryLine = { at: string; figures: Figure[] }

const RUNS_KEPT = 5
// Run-to-run noise measured on two runs is itself noisy: the allowance never goes below this share of the value.
const MIN_ALLOWANCE = 0.1
// The allowance is this many times the spread seen between the runs the reference was made from.
const NOISE_FACTOR = 1.5

export function remember(historyPath: string, figures: Figure[], at: Date) {
  if (figures.length) appendFileSync(historyPath, `${JSON.stringify({ at: at.toISOString(), figures })}\n`)
}

/** Per figure, the median of its last runs (at most RUNS_KEPT) and the allowance their spread calls for. */
export function referenceFrom(historyPath: string): Reference {
  const lines = existsSync(historyPath)
    ? readFileSync(historyPath, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as HistoryLine)
    : []
  const values = new Map<string, { better: Better; xs: number[] }>()
  for (const line of lines)
    for (const f of line.figures) {
      const entry = values.get(f.name) ?? { better: f.better, xs: [] }
      entry.xs.push(f.value)
      values.set(f.name, entry)
    }
  const reference: Reference = {}
  for (const [name, { better, xs }] of values) {
    const last = xs.slice(-RUNS_KEPT)
    if (last.length < 2) continue
    const sorted = [...last].sort((a, b) => a - b)
    const mid = sorted.length / 2
    const value = Number.isInteger(mid) ? (sorted[mid - 1] + sorted[mid]) / 2 : sorted[Math.floor(mid)]
    const spread = value === 0 ? 0 : (sorted[sorted.length - 1] - sorted[0]) / Math.abs(value)
    reference[name] = { value, better, allowance: Math.max(MIN_ALLOWANCE, spread * NOISE_FACTOR), runs: last.length }
  }
  return reference
}

export function saveReference(path: string, reference: Reference) {
  if (Object.keys(reference).length === 0)
    throw new Error('no figure has two runs yet: run the bench (the same sections) at least twice first')
  writeFileSync(path, `${JSON.stringify(reference, null, 2)}\n`)
}

export type Verdict = { name: string; value: number; reference?: number; limit?: number; ok: boolean }

/** Each figure of this run against the reference: worse than `reference ± allowance` is a regression. */
export function compare(figures: Figure[], reference: Reference): Verdict[] {
  return figures.map((f) => {
    const ref = reference[f.name]
    if (!ref) return { name: f.name, value: f.value, ok: true }
    const margin = Math.abs(ref.value) * ref.allowance
    const limit = ref.better === 'higher' ? ref.value - margin : ref.value + margin
    const ok = ref.better === 'higher' ? f.value >= limit : f.value <= limit
    return { name: f.name, value: f.value, reference: ref.value, limit, ok }
  })
}

export function formatVerdicts(verdicts: Verdict[]): string {
  const num = (n: number) => (Math.abs(n) < 10 ? n.toFixed(3) : n.toFixed(1))
  const rows = verdicts.map((v) =>
    v.reference === undefined
      ? `  new   ${v.name}: ${num(v.value)} (not in the reference)`
      : `  ${v.ok ? 'ok  ' : 'WORSE'}  ${v.name}: ${num(v.value)} (reference ${num(v.reference)}, limit ${num(v.limit ?? 0)})`,
  )
  const worse = verdicts.filter((v) => !v.ok).length
  return [...rows, worse ? `${worse} figure(s) regressed beyond the measured noise` : 'no regression'].join('\n')
}
