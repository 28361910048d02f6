/** Plain-text report of the intents set: six-label figures, buyer recall, off-topic qualified, bands, both halves. */
import type { IntentsResult } from './intents'

const f3 = (x: number) => x.toFixed(3)
const pct = (x: number) => `${(x * 100).toFixed(1)}%`

type Figures = Pick<IntentsResult, 'summary' | 'buyerRecall' | 'offTopicQualified' | 'offTopicQualifiedCount'>

const headline = (f: Figures) =>
  `macro-F1 ${f3(f.summary.macroF1)}, buyer recall ${f3(f.buyerRecall)}, off-topic qualified ${pct(f.offTopicQualified)}`

export function formatIntents(r: IntentsResult, scorerName: string): string {
  const { summary } = r
  const labels = summary.confusion.labels
  const lines: string[] = []
  lines.push(
    `intents.jsonl: the five intents and off-topic (NONE = scored below 3), qualified = score >= ${r.threshold}`,
  )
  const support = summary.labels.map((l) => `${l.support} ${l.label}`).join(', ')
  lines.push(`  ${r.rows} posts (${support})${r.skipped ? `, ${r.skipped} unreadable rows skipped` : ''}`)
  lines.push(`  ${scorerName.padEnd(12)}P      R      F1`)
  for (const l of summary.labels) lines.push(`  ${l.label.padEnd(12)}${f3(l.precision)}  ${f3(l.recall)}  ${f3(l.f1)}`)
  lines.push(`  macro-F1 ${f3(summary.macroF1)} over the six labels, accuracy ${f3(summary.accuracy)}`)
  const buyers = summary.labels.filter((l) => ['ACTIVE', 'COMPETITOR', 'PAIN'].includes(l.label))
  const buyerCount = buyers.reduce((s, l) => s + l.support, 0)
  lines.push(
    `  buyer recall ${f3(r.buyerRecall)}: ${Math.round(r.buyerRecall * buyerCount)} of ${buyerCount} ACTIVE, COMPETITOR and PAIN posts qualified`,
  )
  lines.push(
    `  off-topic qualified ${pct(r.offTopicQualified)}: ${r.offTopicQualifiedCount} of ${r.offTopicCount} NONE posts qualified`,
  )
  lines.push(
    `  buyer posts per score band: ${r.bands.map((b) => `${b.name} ${b.buyers}/${b.posts} (${b.posts ? pct(b.share) : '-'})`).join(', ')}`,
  )
  // The halves (every other post of each label): rules are developed on one half's errors and checked on the other
  // (docs/scoring.md#the-intents-set).
  lines.push(`  half A: ${headline(r.halves.A)}`)
  lines.push(`  half B: ${headline(r.halves.B)}`)
  lines.push(`  confusion matrix of ${scorerName} (rows = actual, columns = predicted):`)
  const cellW = Math.max(...labels.map((l) => l.length)) + 2
  lines.push(`  ${''.padEnd(12)}${labels.map((l) => l.padStart(cellW)).join('')}`)
  labels.forEach((l, i) => {
    const row = labels.map((_, j) => String(summary.confusion.matrix[i]?.[j] ?? 0).padStart(cellW)).join('')
    lines.push(`  ${l.padEnd(12)}${row}`)
  })
  if (r.errors > 0)
    lines.push(`  ${r.errors} posts got no answer and are left out of the figures above (first: ${r.firstError})`)
  return lines.join('\n')
}
