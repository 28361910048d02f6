import { truncate } from '../../lib/text'
import type { IcpProfile, JudgedExample } from '../../scorers/types'
import type { NewSignal } from '../../storage/repos/signals'
import { signalFromMention } from '../signals/from-mention'
import { FULL_CHARS } from '../signals/limits'
import { type Threshold, tuningNote } from '../feedback/tuning'
import type { Pair } from './cursor'
import type { Pass } from './state'

/** Pairs sorted by what the scorer made of them, and the signals of those that qualified. */
type Judged = {
  scored: Pair[]
  /** Kept from the model by the triage (docs/scoring.md#triage): handled as scored and not qualified. */
  triaged: Pair[]
  failed: Pair[]
  unscored: Pair[]
  signals: (NewSignal & { profileUrl: string })[]
}

/** What a team's pairs are scored and qualified with (all read once per pass, state.ts). */
type TeamInputs = { examples: JudgedExample[]; icps: readonly IcpProfile[]; thresholds: (keyword: string) => Threshold }

const teamInputs = async (pass: Pass, teamId: string): Promise<TeamInputs> => ({
  examples: await pass.examples(teamId),
  icps: await pass.profiles(teamId),
  thresholds: await pass.thresholds(teamId),
})

/**
 * Scores (team, mention) pairs with each team's profiles (and, for a model, the team's latest verdicts); those scoring
 * at least the keyword's qualify threshold become signals: `scorer.qualify_threshold`, or the value the team's
 * verdicts moved it to, which the signal's reason then says, unless the verdicts turned their intent off for the
 * keyword (docs/scoring.md#tuning-by-verdicts). A post is scored
 * on the text its signal keeps (the first 4,000 characters): the reason then quotes only what the team can read, and
 * a very long post costs no more than that.
 */
export async function judge(pass: Pass, pairs: Pair[]): Promise<Judged> {
  const { scoring } = pass.deps
  // What a team's pairs are scored with, asked of the pass once per team of the batch rather than once per pair: a
  // page has 100 posts and a few teams (docs/performance.md#where-a-polling-pass-spends-its-time).
  const teams = new Map<string, TeamInputs>()
  for (const m of pairs) if (!teams.has(m.teamId)) teams.set(m.teamId, await teamInputs(pass, m.teamId))
  const inputsOf = (m: Pair) => teams.get(m.teamId) as TeamInputs
  const thresholds = pairs.map((m) => inputsOf(m).thresholds(m.keyword))
  const items = pairs.map((m, i) => {
    const { examples, icps } = inputsOf(m)
    return {
      teamId: m.teamId,
      platform: m.platform,
      // Only a signal's reason is kept: the rules pool need not write the others
      // (docs/performance.md#the-pipeline-third-round).
      reasonFrom: (thresholds[i] as Threshold).value,
      input: {
        content: truncate(m.mention.content, FULL_CHARS),
        keyword: m.keyword,
        icps,
        ...(examples.length > 0 && { examples }),
      },
    }
  })
  const outcomes = await pass.scorer.scoreMany(items, pass.stop)
  const judged: Judged = { scored: [], triaged: [], failed: [], unscored: [], signals: [] }
  pairs.forEach((m, i) => {
    const score = outcomes[i]
    const threshold = thresholds[i]
    if (score === 'skipped') judged.unscored.push(m)
    else if (score === 'triaged') judged.triaged.push(m)
    else if (score === 'failed') judged.failed.push(m)
    else {
      judged.scored.push(m)
      if (score.score >= threshold.value && !threshold.offIntents.includes(score.intent)) {
        const moved = threshold.value !== threshold.default
        const reason = moved ? `${score.reason} ${tuningNote(m.keyword, threshold)}` : score.reason
        judged.signals.push({
          ...signalFromMention({ teamId: m.teamId, keyword: m.keyword, mention: m.mention, score }),
          ...scoring.producer(score.scoredBy),
          reason,
        })
      }
    }
  })
  return judged
}
