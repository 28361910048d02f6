/** Plain-text report of one task: P/R/F1 per label, macro-F1 and accuracy next to the baselines, confusion matrix. */
import type { TaskResult } from './run'

const f3 = (x: number) => x.toFixed(3)

export function formatTask(r: TaskResult, scorerName: string): string {
  const { task } = r
  const labels = r.scorer.confusion.labels
  const nameW = Math.max(16, scorerName.length, ...r.baselines.map((b) => b.name.length)) + 2
  const colW = Math.max(21, ...labels.map((l) => l.length + 2))
  const positives = task.items.filter((i) => i.positive).length
  const lines: string[] = []
  lines.push(`${task.file}: ${task.title}`)
  lines.push(
    `  ${task.items.length} posts (${positives} ${task.positive}, ${task.items.length - positives} ${task.negative})` +
      (task.skipped ? `, ${task.skipped} unlabelled rows skipped` : ''),
  )
  lines.push(`  ${''.padEnd(nameW)}${labels.map((l) => l.padEnd(colW)).join('')}macro-F1  accuracy`)
  lines.push(`  ${''.padEnd(nameW)}${labels.map(() => 'P      R      F1    '.padEnd(colW)).join('')}`)
  const row = (name: string, s: TaskResult['scorer']) =>
    `  ${name.padEnd(nameW)}${s.labels.map((m) => `${f3(m.precision)}  ${f3(m.recall)}  ${f3(m.f1)}`.padEnd(colW)).join('')}` +
    `${f3(s.macroF1).padEnd(10)}${f3(s.accuracy)}`
  lines.push(row(scorerName, r.scorer))
  for (const b of r.baselines) lines.push(row(b.name, b.summary))
  lines.push('  confusion matrix of ' + scorerName + ' (rows = actual, columns = predicted):')
  const cellW = Math.max(...labels.map((l) => l.length)) + 2
  lines.push(`  ${''.padEnd(nameW)}${labels.map((l) => l.padStart(cellW)).join('')}`)
  labels.forEach((l, i) => {
    lines.push(
      `  ${l.padEnd(nameW)}${labels.map((_, j) => String(r.scorer.confusion.matrix[i]?.[j] ?? 0).padStart(cellW)).join('')}`,
    )
  })
  const order = ['ACTIVE', 'COMPETITOR', 'PAIN', 'QUESTION', 'MENTION'] as const
  lines.push(`  intents: ${order.map((k) => `${k} ${r.intents[k] ?? 0}`).join(', ')}`)
  if (r.errors > 0)
    lines.push(`  ${r.errors} posts got no answer and are left out of the figures above (first: ${r.firstError})`)
  return lines.join('\n')
}
