import { truncate } from '../../lib/text'
import type { NewSignal } from '../../storage/repos/signals'
import { signalFromMention } from '../signals/from-mention'
import { FULL_CHARS } from '../signals/limits'
import { tuningNote } from '../feedback/tuning'
import type { Pair } from './cursor'
import type { Pass } from './state'

/** Pairs sorted by what the scorer made of them, and the signals of those that qualified. */
export type Judged = {
  scored: Pair[]
  /** Kept from the model by the triage (docs/scoring.md#triage): handled as scored and not qualified. */
  triaged: Pair[]
  failed: Pair[]
  unscored: Pair[]
  signals: NewSignal[]
}

/**
 * Scores (team, mention) pairs with each team's profiles (and, for a model, the team's latest verdicts); those scoring
 * at least the keyword's qualify threshold become signals: `scorer.qualify_threshold`, or the value the team's
 * verdicts moved it to, which the signal's reason then says (docs/scoring.md#tuning-by-verdicts). A post is scored
 * on the text its signal keeps (the first 4,000 characters): the reason then quotes only what the team can read, and
 * a very long post costs no more than that.
 */
export async function judge(pass: Pass, pairs: Pair[]): Promise<Judged> {
  const { clock, scoring } = pass.deps
  const items = await Promise.all(
    pairs.map(async (m) => {
      const examples = await pass.examples(m.teamId)
      return {
        teamId: m.teamId,
        platform: m.platform,
        input: {
          content: truncate(m.mention.content, FULL_CHARS),
          keyword: m.keyword,
          icps: await pass.profiles(m.teamId),
          ...(examples.length > 0 && { examples }),
        },
      }
    }),
  )
  const thresholds = await Promise.all(pairs.map(async (m) => (await pass.thresholds(m.teamId))(m.keyword)))
  const outcomes = await pass.scorer.scoreMany(items, pass.stop)
  const detectedAt = clock.now().toISOString()
  const judged: Judged = { scored: [], triaged: [], failed: [], unscored: [], signals: [] }
  pairs.forEach((m, i) => {
    const score = outcomes[i]
    const threshold = thresholds[i]
    if (score === 'skipped') judged.unscored.push(m)
    else if (score === 'triaged') judged.triaged.push(m)
    else if (score === 'failed') judged.failed.push(m)
    else {
      judged.scored.push(m)
      if (score.score >= threshold.value) {
        const moved = threshold.value !== threshold.default
        const reason = moved ? `${score.reason} ${tuningNote(m.keyword, threshold)}` : score.reason
        judged.signals.push({
          ...signalFromMention({ teamId: m.teamId, keyword: m.keyword, mention: m.mention, score, detectedAt }),
          ...scoring.producer(score.scoredBy),
          reason,
        })
      }
    }
  })
  return judged
}
