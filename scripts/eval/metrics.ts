/**
 * Classification metrics for the scorer evaluation: a confusion matrix over a fixed list of labels, precision, recall
 * and F1 per label, macro-F1 and accuracy. Pure functions, no I/O.
 *
 * Conventions (those of scikit-learn with zero_division=0): a label never predicted has precision 0, a label that never
 * occurs has recall 0, and F1 is 0 when precision and recall are both 0. Macro-F1 is the unweighted mean of the
 * per-label F1 over every label in the list, whether or not it occurs.
 */

/** `matrix[a][p]` = how many items of actual label `labels[a]` were predicted as `labels[p]`. */
export type Confusion<L extends string = string> = { labels: readonly L[]; matrix: number[][] }

export type LabelMetrics<L extends string = string> = {
  label: L
  precision: number
  recall: number
  f1: number
  /** How many items actually carry the label. */
  support: number
}

export function confusion<L extends string>(
  labels: readonly L[],
  pairs: Iterable<{ actual: L; predicted: L }>,
): Confusion<L> {
  if (new Set(labels).size !== labels.length || labels.length === 0)
    throw new Error('confusion: labels must be distinct and non-empty')
  const index = new Map<L, number>(labels.map((l, i) => [l, i]))
  const matrix = labels.map(() => labels.map(() => 0))
  for (const { actual, predicted } of pairs) {
    const a = index.get(actual)
    const p = index.get(predicted)
    if (a === undefined || p === undefined)
      throw new Error(`confusion: unknown label "${a === undefined ? actual : predicted}"`)
    const row = matrix[a] as number[]
    row[p] = (row[p] ?? 0) + 1
  }
  return { labels, matrix }
}

const cell = (c: Confusion, a: number, p: number) => c.matrix[a]?.[p] ?? 0

export function perLabel<L extends string>(c: Confusion<L>): LabelMetrics<L>[] {
  return c.labels.map((label, i) => {
    let predicted = 0
    let support = 0
    for (let j = 0; j < c.labels.length; j++) {
      predicted += cell(c, j, i)
      support += cell(c, i, j)
    }
    const tp = cell(c, i, i)
    const precision = predicted > 0 ? tp / predicted : 0
    const recall = support > 0 ? tp / support : 0
    const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0
    return { label, precision, recall, f1, support }
  })
}

export function macroF1(c: Confusion): number {
  const rows = perLabel(c)
  return rows.reduce((s, r) => s + r.f1, 0) / rows.length
}

export function accuracy(c: Confusion): number {
  let total = 0
  let right = 0
  for (let i = 0; i < c.labels.length; i++) {
    for (let j = 0; j < c.labels.length; j++) total += cell(c, i, j)
    right += cell(c, i, i)
  }
  return total > 0 ? right / total : 0
}

/** Everything of one confusion matrix in one object, for reports. */
export function summarize<L extends string>(c: Confusion<L>) {
  return { confusion: c, labels: perLabel(c), macroF1: macroF1(c), accuracy: accuracy(c), total: total(c) }
}

function total(c: Confusion): number {
  return c.matrix.reduce((s, row) => s + row.reduce((a, b) => a + b, 0), 0)
}

/**
 * The Wilson score interval of a share seen as `k` of `n` (95% by default): the true shares that would show `k` of `n`
 * without surprise. On a small set it is wide, and the report prints it so that a change of a post or two is not
 * read as a change of the scorer (docs/scoring.md#the-intents-set).
 */
export function wilsonInterval(k: number, n: number, z = 1.96): { low: number; high: number } {
  if (n <= 0) return { low: 0, high: 1 }
  const p = k / n
  const zz = (z * z) / n
  const centre = (p + zz / 2) / (1 + zz)
  const half = (z * Math.sqrt((p * (1 - p)) / n + zz / (4 * n))) / (1 + zz)
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) }
}
