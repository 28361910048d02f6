import type { Client, InStatement } from '@libsql/client'
import { keywordKey } from '../../query/same-query'
import { chunks, tuples } from './multi-row'
import { figuresSet } from './people-figures'
import type { NewSignal } from './signals'

/** A verdict read from an import file, for the team's signal of (platform, post id). */
export type ImportedVerdict = {
  platform: string
  postId: string
  verdict: 'relevant' | 'not_relevant'
  reason: string | null
  judgedAt: string
}

/**
 * docs/operations.md#importing-signals: the verdicts of an import's batch, written after its signals in the same
 * transaction. Each goes to the team's signal of its post, the one just stored or one the team already had, unless
 * that signal has a verdict already (a verdict the team gave here is kept, and running the import again changes
 * nothing). It keeps what rateSignal keeps (the signal's score and intent; an imported signal's scorer, model and
 * prompt version are null). Then each signal is dismissed or not as the feedback route leaves it
 * (docs/api.md#feedback): judged not relevant, dismissed; judged relevant, in the list, also one stored dismissed
 * because its author is muted (docs/people.md#mute), as a pass's is once judged relevant. Their people's figures are
 * summed up again.
 */
export function verdictInserts(teamId: string, verdicts: KeyedVerdict[]): InStatement[] {
  return chunks(verdicts).flatMap((part) => {
    const values = `(values ${tuples(part.length, 6)}) as v`
    const args = part.flatMap((x) => [x.platform, x.postId, x.keywordLc, x.verdict, x.reason, x.judgedAt])
    return [
      {
        sql: `insert into signal_feedback (signal_id, team_id, keyword_lc, verdict, reason, score, intent, scored_by,
            model, prompt_version, judged_at)
          select s.id, s.team_id, v.column3, v.column4, v.column5, s.score, s.intent, s.scored_by, s.model,
            s.prompt_version, v.column6
          from ${values} join signals s on s.team_id = ? and s.platform = v.column1 and s.post_id = v.column2
          where true on conflict (signal_id) do nothing`,
        args: [...args, teamId],
      },
      {
        sql: `update signals set dismissed = 1 where team_id = ? and dismissed = 0
          and (platform, post_id) in (select column1, column2 from ${values})
          and exists (select 1 from signal_feedback f where f.signal_id = signals.id and f.verdict = 'not_relevant')`,
        args: [teamId, ...args],
      },
      // Only a muted author's signal is dismissed with no verdict of not relevant, which `relevant` puts back. Marked
      // 2 for the two statements below, inside this transaction: their people are summed up again with them, and
      // only those people, not every person with a line judged relevant (six reads of all their signals each).
      {
        sql: `update signals set dismissed = 2 where team_id = ? and dismissed = 1
          and (platform, post_id) in (select column1, column2 from ${values})
          and exists (select 1 from signal_feedback f where f.signal_id = signals.id and f.verdict = 'relevant')`,
        args: [teamId, ...args],
      },
      // Their people's figures summed up again, as a verdict given here does (docs/people.md#heat): without those
      // dismissed, with those put back.
      {
        sql: `update people set ${figuresSet('s.dismissed <> 1')} where id in (select person_id from signals
          where team_id = ? and dismissed <> 0 and (platform, post_id) in (select column1, column2 from ${values}))`,
        args: [teamId, ...args],
      },
      {
        sql: `update signals set dismissed = 0 where team_id = ? and dismissed = 2
          and (platform, post_id) in (select column1, column2 from ${values})`,
        args: [teamId, ...args],
      },
    ]
  })
}

type KeyedVerdict = ImportedVerdict & { keywordLc: string }

const postKey = (platform: string, postId: string) => `${platform}\u0000${postId}`

/**
 * Each verdict with the key of the keyword its signal is stored with, as rateSignal keys a verdict
 * (domain/feedback/rate.ts, docs/scoring.md#tuning-by-verdicts), not the keyword its line spells: a post the team had
 * (from a poll, an earlier import or batch) keeps the keyword it was found with, read here before the batch is written,
 * and of a post twice in the batch the first line is the one stored. A verdict whose post is neither (its author
 * forgotten) has no signal to go to and is left out.
 */
export async function keyedVerdicts(
  client: Pick<Client, 'batch'>,
  teamId: string,
  verdicts: ImportedVerdict[],
  rows: NewSignal[],
): Promise<KeyedVerdict[]> {
  if (verdicts.length === 0) return []
  const reads = chunks(verdicts).map((part) => ({
    sql: `select platform, post_id, keyword from signals where team_id = ?
      and (platform, post_id) in (select column1, column2 from (values ${tuples(part.length, 2)}))`,
    args: [teamId, ...part.flatMap((x) => [x.platform, x.postId])],
  }))
  const keyword = new Map<string, string>()
  for (const rs of await client.batch(reads, 'read'))
    for (const r of rs.rows) keyword.set(postKey(String(r[0]), String(r[1])), String(r[2]))
  for (const r of rows) {
    const post = postKey(r.platform, r.postId)
    if (!keyword.has(post)) keyword.set(post, r.keyword)
  }
  return verdicts.flatMap((v) => {
    const k = keyword.get(postKey(v.platform, v.postId))
    return k === undefined ? [] : [{ ...v, keywordLc: keywordKey(k) }]
  })
}
