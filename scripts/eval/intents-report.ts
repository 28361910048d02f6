/** Plain-text report of the intents set: six-label figures, buyer recall, off-topic qualified, bands, both halves. */
import type { Answer, IntentsResult } from './intents'
import { wilsonInterval } from './metrics'

const f3 = (x: number) => x.toFixed(3)
const pct = (x: number) => `${(x * 100).toFixed(1)}%`

type Figures = Pick<
  IntentsResult,
  'summary' | 'buyerRecall' | 'offTopicQualified' | 'offTopicQualifiedCount' | 'questionMentionQualified'
>

const headline = (f: Figures) =>
  `macro-F1 ${f3(f.summary.macroF1)}, buyer recall ${f3(f.buyerRecall)}, off-topic qualified ${pct(f.offTopicQualified)}, ` +
  `QUESTION+MENTION qualified ${pct(f.questionMentionQualified)}`

/** The confusion matrix, rows = actual, columns = predicted, indented by `pad`. */
function matrix(summary: Figures['summary'], pad: string): string[] {
  const labels = summary.confusion.labels
  const cellW = Math.max(...labels.map((l) => l.length)) + 2
  const lines = [`${pad}${''.padEnd(12)}${labels.map((l) => l.padStart(cellW)).join('')}`]
  labels.forEach((l, i) => {
    const row = labels.map((_, j) => String(summary.confusion.matrix[i]?.[j] ?? 0).padStart(cellW)).join('')
    lines.push(`${pad}${l.padEnd(12)}${row}`)
  })
  return lines
}

export function formatIntents(r: IntentsResult, scorerName: string): string {
  const { summary } = r
  const lines: string[] = []
  lines.push(
    `intents.jsonl: the five intents and off-topic (NONE = scored below 3), qualified = score >= ${r.threshold}`,
  )
  const support = summary.labels.map((l) => `${l.support} ${l.label}`).join(', ')
  lines.push(`  ${r.rows} posts (${support})${r.skipped ? `, ${r.skipped} unreadable rows skipped` : ''}`)
  lines.push(`  ${scorerName.padEnd(12)}P      R      F1`)
  for (const l of summary.labels) lines.push(`  ${l.label.padEnd(12)}${f3(l.precision)}  ${f3(l.recall)}  ${f3(l.f1)}`)
  lines.push(`  macro-F1 ${f3(summary.macroF1)} over the six labels, accuracy ${f3(summary.accuracy)}`)
  const recallRange = wilsonInterval(r.buyerQualifiedCount, r.buyerCount)
  lines.push(
    `  buyer recall ${f3(r.buyerRecall)}: ${r.buyerQualifiedCount} of ${r.buyerCount} ACTIVE, COMPETITOR and PAIN posts qualified ` +
      `(95% interval ${f3(recallRange.low)}-${f3(recallRange.high)})`,
  )
  const offRange = wilsonInterval(r.offTopicQualifiedCount, r.offTopicCount)
  lines.push(
    `  off-topic qualified ${pct(r.offTopicQualified)}: ${r.offTopicQualifiedCount} of ${r.offTopicCount} NONE posts qualified ` +
      `(95% interval ${pct(offRange.low)}-${pct(offRange.high)}; one post is ${pct(1 / Math.max(1, r.offTopicCount))})`,
  )
  lines.push(`  QUESTION+MENTION qualified ${pct(r.questionMentionQualified)}`)
  lines.push(
    `  buyer posts per score band: ${r.bands.map((b) => `${b.name} ${b.buyers}/${b.posts} (${b.posts ? pct(b.share) : '-'})`).join(', ')}`,
  )
  lines.push(`  confusion matrix of ${scorerName} (rows = actual, columns = predicted):`)
  lines.push(...matrix(summary, '  '))
  // The halves (every other post of each label): rules are developed on half A's errors and checked on half B, whose
  // posts are never printed, only its figures (docs/scoring.md#the-intents-set).
  for (const half of ['A', 'B'] as const) {
    const h = r.halves[half]
    lines.push(`  half ${half}: ${headline(h)}`)
    lines.push(`    F1 ${h.summary.labels.map((l) => `${l.label} ${f3(l.f1)}`).join(', ')}`)
    lines.push(...matrix(h.summary, '    '))
  }
  if (r.errors > 0)
    lines.push(`  ${r.errors} posts got no answer and are left out of the figures above (first: ${r.firstError})`)
  return lines.join('\n')
}

const oneLine = (s: string, max: number) => {
  const t = s.replace(/\s+/g, ' ').trim()
  return t.length > max ? `${t.slice(0, max - 3)}...` : t
}

/**
 * The posts of half A the scorer got wrong, with its answer, for whoever improves the rules. Half B's posts are never
 * listed, whatever is asked: reading them would turn the held-out half into one more set the rules are fitted to
 * (docs/model.md#why-the-rules-are-general).
 */
export function formatMisses(answers: readonly Answer[]): string {
  const misses = answers.filter((a) => a.row.half === 'A' && a.predicted !== a.row.label)
  const lines = [`half A's misread posts (${misses.length}; half B's posts are never listed):`]
  for (const a of misses) {
    lines.push(`  ${a.row.id}: ${a.row.label} read as ${a.predicted} (${a.score}), keyword "${a.row.input.keyword}"`)
    lines.push(`    post: ${oneLine(a.row.input.content, 400)}`)
    lines.push(`    reason: ${oneLine(a.reason, 300)}`)
  }
  return lines.join('\n')
}
