/**
 * The intents set (docs/scoring.md#the-intents-set): posts labelled from a seller's point of view with one of the five
 * intents or NONE (off-topic: the keyword means something else, or the post is unrelated). Each row carries the
 * keyword that found the post, the seller's ideal customer and its competitors, which the scorer receives as the
 * team's one ICP profile, as polling gives them.
 *
 * The scorer answers five intents and a score; NONE is read from the score: a post scored below 3, the off-topic band
 * of docs/scoring.md#score-bands, counts as NONE whatever its intent. Besides the six-label figures, what a seller
 * cares about: buyer recall (ACTIVE, COMPETITOR and PAIN posts that come out qualified), off-topic qualified (NONE
 * posts that come out qualified), and the share of buyer posts per score band.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { mapLimited } from '../../src/lib/map-limited'
import type { ScoreInput, Scorer } from '../../src/scorers/types'
import { confusion, summarize } from './metrics'

export const INTENTS_FILE = 'intents.jsonl'
export const LABELS = ['ACTIVE', 'COMPETITOR', 'PAIN', 'QUESTION', 'MENTION', 'NONE'] as const
export type Label = (typeof LABELS)[number]
const BUYER: ReadonlySet<Label> = new Set(['ACTIVE', 'COMPETITOR', 'PAIN'])
/** Scores below this are the off-topic band (0-2). */
export const OFF_TOPIC_BELOW = 3
/** Score bands of the report: [from, to) except the last, which holds 10. */
export const BANDS = [
  { name: '0-3', from: 0, to: 4 },
  { name: '4-5', from: 4, to: 6 },
  { name: '6-7', from: 6, to: 8 },
  { name: '8-10', from: 8, to: Number.POSITIVE_INFINITY },
] as const

/**
 * `half`: the rows of each label alternate between A and B, so each half holds the same mix. Rules are developed
 * looking at half A's errors only; half B checks that they carry over to posts never looked at.
 */
export type IntentRow = { id: string; label: Label; input: ScoreInput; half: 'A' | 'B' }

/** Reads the JSON Lines file; a line that is not JSON, or lacks content, keyword or a known label, is skipped. */
export function readIntents(dir: string): { rows: IntentRow[]; skipped: number } {
  const rows: IntentRow[] = []
  const seen = new Map<Label, number>()
  let skipped = 0
  readFileSync(join(dir, INTENTS_FILE), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '') return
      let r: Record<string, unknown>
      try {
        r = JSON.parse(line)
      } catch {
        skipped++
        return
      }
      const label = String(r.label ?? '').toUpperCase() as Label
      const { content, keyword, icp } = r
      if (!LABELS.includes(label) || typeof content !== 'string' || typeof keyword !== 'string') {
        skipped++
        return
      }
      const id = typeof r.id === 'string' ? r.id : `line ${i + 1}`
      const competitors = Array.isArray(r.competitors) ? r.competitors.filter((c) => typeof c === 'string') : []
      // The profile is named by the row's id, so that its name adds no word of its own to the ICP match.
      const icps = typeof icp === 'string' && icp ? [{ name: id, description: icp, competitors }] : []
      const n = seen.get(label) ?? 0
      seen.set(label, n + 1)
      rows.push({ id, label, input: { content, keyword, icps }, half: n % 2 === 0 ? 'A' : 'B' })
    })
  return { rows, skipped }
}

export const predictedLabel = (r: { intent: Label; score: number }): Label =>
  r.score < OFF_TOPIC_BELOW ? 'NONE' : r.intent

export type Answer = { row: IntentRow; predicted: Label; score: number; reason: string }

/** The figures of one set of answers (the whole set or a half). */
export function figures(answers: readonly Answer[], threshold: number) {
  const summary = summarize(
    confusion(
      LABELS,
      answers.map((a) => ({ actual: a.row.label, predicted: a.predicted })),
    ),
  )
  const buyers = answers.filter((a) => BUYER.has(a.row.label))
  const offTopic = answers.filter((a) => a.row.label === 'NONE')
  const questionMention = answers.filter((a) => a.row.label === 'QUESTION' || a.row.label === 'MENTION')
  const qualified = (xs: readonly Answer[]) => xs.filter((a) => a.score >= threshold).length
  const share = (xs: readonly Answer[]) => (xs.length > 0 ? qualified(xs) / xs.length : 0)
  const bands = BANDS.map((b) => {
    const inBand = answers.filter((a) => a.score >= b.from && a.score < b.to)
    const buyersIn = inBand.filter((a) => BUYER.has(a.row.label)).length
    return { name: b.name, posts: inBand.length, buyers: buyersIn, share: inBand.length ? buyersIn / inBand.length : 0 }
  })
  return {
    summary,
    buyerRecall: share(buyers),
    buyerQualifiedCount: qualified(buyers),
    buyerCount: buyers.length,
    offTopicQualified: share(offTopic),
    offTopicQualifiedCount: qualified(offTopic),
    /** QUESTION and MENTION posts that come out qualified: on topic, but no lead. */
    questionMentionQualified: share(questionMention),
    offTopicCount: offTopic.length,
    bands,
  }
}

export type IntentsResult = ReturnType<typeof figures> & {
  answers: Answer[]
  halves: { A: ReturnType<typeof figures>; B: ReturnType<typeof figures> }
  rows: number
  skipped: number
  threshold: number
  errors: number
  firstError: string | null
  ms: number
}

export type IntentsOptions = { concurrency: number; timeoutMs: number; threshold: number }

/** Scores every row (at most `concurrency` at once); posts the scorer fails on are left out and counted. */
export async function runIntents(
  scorer: Scorer,
  data: { rows: IntentRow[]; skipped: number },
  o: IntentsOptions,
): Promise<IntentsResult> {
  const started = performance.now()
  let firstError: string | null = null
  const scored = await mapLimited(data.rows, o.concurrency, async (row): Promise<Answer | null> => {
    try {
      const r = await scorer.score(row.input, AbortSignal.timeout(o.timeoutMs))
      return { row, predicted: predictedLabel(r), score: r.score, reason: r.reason }
    } catch (e) {
      firstError ??= e instanceof Error ? `${e.name}: ${e.message}` : String(e)
      return null
    }
  })
  const ms = performance.now() - started
  const answers = scored.filter((a): a is Answer => a !== null)
  return {
    ...figures(answers, o.threshold),
    answers,
    halves: {
      A: figures(
        answers.filter((a) => a.row.half === 'A'),
        o.threshold,
      ),
      B: figures(
        answers.filter((a) => a.row.half === 'B'),
        o.threshold,
      ),
    },
    rows: data.rows.length,
    skipped: data.skipped,
    threshold: o.threshold,
    errors: scored.length - answers.length,
    firstError,
    ms,
  }
}
