import type { InStatement } from '@libsql/client'
import type { NewSignal } from './signals'

// Rows per multi-row statement: well under SQLite's bound-variable limit, few statements per transaction.
const CHUNK = 200

/** `(?,?,…),(?,?,…)`: placeholders for `rows` rows of `width` values. */
export const tuples = (rows: number, width: number) =>
  Array.from({ length: rows }, () => `(${Array.from({ length: width }, () => '?').join(',')})`).join(',')

/** `items` in groups of at most CHUNK, one statement each. */
export function chunks<T>(items: T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK))
  return out
}

const SIGNAL_COLUMNS = [
  'id',
  'team_id',
  'platform',
  'post_id',
  'author',
  'intent',
  'score',
  'reason',
  'icp_match',
  'preview',
  'url',
  'keyword',
  'published_at',
  'detected_at',
  'content_full',
  'scored_by',
  'model',
  'prompt_version',
] as const

const valuesOf = (s: NewSignal) => [
  s.id,
  s.teamId,
  s.platform,
  s.postId,
  s.author,
  s.intent,
  s.score,
  s.reason,
  s.icpMatch ?? null,
  s.preview,
  s.url,
  s.keyword,
  s.publishedAt,
  s.detectedAt,
  s.contentFull ?? null,
  s.scoredBy ?? null,
  s.model ?? null,
  s.promptVersion ?? null,
]

/** Multi-row inserts of signals that skip a post the team already has (the unique (team, platform, post) index). */
export function signalInserts(signals: NewSignal[], returning: string): InStatement[] {
  return chunks(signals).map((part) => ({
    sql: `insert into signals (${SIGNAL_COLUMNS.join(', ')}) values ${tuples(part.length, SIGNAL_COLUMNS.length)}
      on conflict do nothing ${returning}`,
    args: part.flatMap(valuesOf),
  }))
}
