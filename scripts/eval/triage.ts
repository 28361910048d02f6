/**
 * The triage in front of a model scorer (docs/scoring.md#triage), measured: the embedded scorer judges each post as a
 * polling pass would (the first 4,000 characters, the row's keyword and profile), and a post goes on to the model
 * when its buyer probability reaches `scorer.triage_min_buyer`. Reported for the configured setting and a sweep:
 * the share of posts sent on, buyer recall through triage (ACTIVE, COMPETITOR and PAIN posts sent on), the share of
 * the other posts sent on (what decides the share on a real stream, where buyers are few), and on the complaints
 * file, a stream of tweets to brands and random tweets, the share sent on and the complaints among it.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { FULL_CHARS } from '../../src/domain/signals/limits'
import { truncate } from '../../src/lib/text'
import { scoreWithModel } from '../../src/scorers/model/index'
import { COMPLAINTS_FILE, parseCsv } from './data'
import type { IntentRow } from './intents'

export const SWEEP = [0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5] as const
const BUYER = new Set(['ACTIVE', 'COMPETITOR', 'PAIN'])

/**
 * A post as triage sees it: `score`, its buyer probability (what triage compares with the setting), and which group it
 * counts in (and, in the intents set, its half).
 */
export type Triaged = { score: number; group: string; buyer: boolean; half?: 'A' | 'B' }

/** The intents set's rows, scored by the rules as triage scores them; `group` is the label. */
export function triageIntents(rows: readonly IntentRow[]): Triaged[] {
  return rows.map((r) => ({
    score: scoreWithModel({ ...r.input, content: truncate(r.input.content, FULL_CHARS) }).buyer,
    group: r.label,
    buyer: BUYER.has(r.label),
    half: r.half,
  }))
}

/**
 * The complaints file as a stream (no keyword, no profile: it has neither); `buyer` is a complaint, `group` the
 * row's domain, the random tweets (`random_tweet`, `random_reply`) being the noise any stream carries.
 */
export function triageComplaints(dir: string): Triaged[] {
  const out: Triaged[] = []
  for (const [, text, label, domain] of parseCsv(readFileSync(join(dir, COMPLAINTS_FILE), 'utf8'))) {
    const l = (label ?? '').trim()
    if (text === undefined || (l !== '0' && l !== '1')) continue
    out.push({
      score: scoreWithModel({ content: truncate(text, FULL_CHARS), icps: [] }).buyer,
      group: domain ?? '',
      buyer: l === '1',
    })
  }
  return out
}

const share = (xs: readonly Triaged[], threshold: number) =>
  xs.length ? xs.filter((x) => x.score >= threshold).length / xs.length : 0

/** What triage at `threshold` sends on, overall, of the buyers, of the rest, and per group. */
export function triageFigures(posts: readonly Triaged[], threshold: number) {
  const buyers = posts.filter((p) => p.buyer)
  const others = posts.filter((p) => !p.buyer)
  const groups = [...new Set(posts.map((p) => p.group))].map((group) => {
    const of = posts.filter((p) => p.group === group)
    return { group, posts: of.length, sent: of.filter((p) => p.score >= threshold).length }
  })
  return {
    threshold,
    posts: posts.length,
    sent: posts.filter((p) => p.score >= threshold).length,
    sentShare: share(posts, threshold),
    buyers: buyers.length,
    buyerRecall: share(buyers, threshold),
    othersSentShare: share(others, threshold),
    groups,
  }
}

export type TriageFigures = ReturnType<typeof triageFigures>

/**
 * For a model scorer: buyer recall of triage and the model together (a buyer counts when triage sends it on and the
 * model qualifies it), beside the model's own. `rules` holds the triage's scores in the order of `rows`.
 */
export function throughTriage(
  answers: readonly { row: IntentRow; score: number }[],
  rows: readonly IntentRow[],
  rules: readonly Triaged[],
  a: { threshold: number; qualify: number },
) {
  const sentOn = new Set(rows.filter((_, i) => (rules[i]?.score ?? 0) >= a.threshold))
  const buyers = answers.filter((x) => BUYER.has(x.row.label))
  const qualified = buyers.filter((x) => x.score >= a.qualify)
  return {
    buyers: buyers.length,
    model: qualified.length,
    both: qualified.filter((x) => sentOn.has(x.row)).length,
  }
}

const f3 = (x: number) => x.toFixed(3)
const pct = (x: number) => `${(x * 100).toFixed(1)}%`

/** The report: the configured threshold on each data set, then the sweep. */
export function formatTriage(a: { threshold: number; intents?: Triaged[]; complaints?: Triaged[] }): string {
  const lines = [
    `triage (docs/scoring.md#triage): the embedded scorer in front of a model scorer, polling only; a post goes on to the model when its buyer probability is >= ${a.threshold} (scorer.triage_min_buyer)`,
  ]
  if (a.intents) {
    const f = triageFigures(a.intents, a.threshold)
    const others = f.groups.filter((g) => !BUYER.has(g.group))
    lines.push(
      `  intents.jsonl: sends on ${pct(f.sentShare)} of posts (${f.sent} of ${f.posts}); buyer recall through triage ${f3(f.buyerRecall)} ` +
        `(${Math.round(f.buyerRecall * f.buyers)} of ${f.buyers} ACTIVE, COMPETITOR and PAIN posts reach the model); ` +
        `the other posts sent on: ${pct(f.othersSentShare)} (${others.map((g) => `${g.group} ${g.sent}/${g.posts}`).join(', ')})`,
    )
    const b = triageFigures(
      a.intents.filter((p) => p.half === 'B'),
      a.threshold,
    )
    lines.push(`  half B: buyer recall through triage ${f3(b.buyerRecall)}, sends on ${pct(b.sentShare)}`)
    const buyerShare = f.buyers / Math.max(1, f.posts)
    lines.push(
      `  (${pct(buyerShare)} of this file's posts are buyers: a triage with buyer recall 0.95 sends on at least ${pct(buyerShare * 0.95)} of it, ` +
        `and one sending on 40% reaches a recall of ${Math.min(1, 0.4 / Math.max(buyerShare, 0.001)).toFixed(2)} at most; on a stream where buyers are few, ` +
        'the share sent on approaches the share of the other posts sent on)',
    )
  }
  if (a.complaints) {
    const f = triageFigures(a.complaints, a.threshold)
    const random = f.groups.filter((g) => g.group.startsWith('random'))
    const sentRandom = random.reduce((s, g) => s + g.sent, 0)
    const ofRandom = random.reduce((s, g) => s + g.posts, 0)
    lines.push(
      `  complaints-data.csv (no keyword, no profile): sends on ${pct(f.sentShare)} of ${f.posts} tweets; complaints sent on ${f3(f.buyerRecall)}; ` +
        `not complaints ${pct(f.othersSentShare)}; random tweets ${pct(ofRandom ? sentRandom / ofRandom : 0)} (${sentRandom} of ${ofRandom})`,
    )
  }
  const head = [
    'min buyer',
    'intents sent',
    'buyer recall',
    'half B recall',
    'others sent',
    'complaints: sent',
    'recall',
  ]
  lines.push(`  sweep: ${head.join(' | ')}`)
  for (const t of SWEEP) {
    const i = a.intents ? triageFigures(a.intents, t) : undefined
    const halfB = a.intents
      ? triageFigures(
          a.intents.filter((p) => p.half === 'B'),
          t,
        )
      : undefined
    const c = a.complaints ? triageFigures(a.complaints, t) : undefined
    const cells = [
      `${t}${t === a.threshold ? '*' : ''}`,
      i ? pct(i.sentShare) : '-',
      i ? f3(i.buyerRecall) : '-',
      halfB ? f3(halfB.buyerRecall) : '-',
      i ? pct(i.othersSentShare) : '-',
      c ? pct(c.sentShare) : '-',
      c ? f3(c.buyerRecall) : '-',
    ]
    lines.push(`    ${cells.map((x, k) => x.padStart(head[k].length)).join(' | ')}`)
  }
  return lines.join('\n')
}
