import { AppError } from '../../errors'
import type { Verdict } from '../../storage/repos/signal-feedback'
import type { Needs } from '../needs'
import { keywordKey } from '../../query/same-query'

export type FeedbackInput = { id: string; verdict: Verdict; reason?: string }

/**
 * docs/api.md#feedback: the team's verdict on one of its signals, replacing any earlier one. "not_relevant" takes the
 * signal out of the default list (it is kept, and `include=dismissed` shows it); "relevant" puts it back. Another
 * team's signal is not found. The verdict keeps the keyword, score and what produced the signal, for the tuning.
 */
export async function rateSignal(deps: Needs<'clock', 'signals' | 'signalFeedback'>, teamId: string, a: FeedbackInput) {
  const signal = await deps.repos.signals.byId(teamId, a.id)
  if (!signal) throw new AppError('not_found', 'no such signal')
  const judgedAt = deps.clock.now().toISOString()
  // The reason arrives trimmed: one of only spaces is no reason, as an absent one is (docs/api.md#feedback).
  const reason = a.reason || null
  const record = deps.repos.signalFeedback.record({
    signalId: signal.id,
    teamId,
    keywordLc: keywordKey(signal.keyword),
    verdict: a.verdict,
    reason,
    score: signal.score,
    intent: signal.intent,
    scoredBy: signal.scoredBy,
    model: signal.model,
    promptVersion: signal.promptVersion,
    judgedAt,
  })
  // Forgotten meanwhile (docs/people.md#forget): the verdict's row refers to a signal no longer there, and the write
  // fails as a whole. That is the 404 of a signal already gone, not a storage error.
  await record.catch(async (err) => {
    if (await deps.repos.signals.byId(teamId, signal.id)) throw err
    throw new AppError('not_found', 'no such signal')
  })
  return {
    signalId: signal.id,
    verdict: a.verdict,
    reason,
    dismissed: a.verdict === 'not_relevant',
    judgedAt,
    scoredBy: signal.scoredBy,
    model: signal.model,
    promptVersion: signal.promptVersion,
  }
}

/** docs/console.md#triage: Undo of a first verdict; the signal is as it was before it was judged. */
export async function withdrawVerdict(deps: Needs<never, 'signals' | 'signalFeedback'>, teamId: string, id: string) {
  const signal = await deps.repos.signals.byId(teamId, id)
  if (!signal) throw new AppError('not_found', 'no such signal')
  await deps.repos.signalFeedback.withdraw(teamId, signal.id)
  return { signalId: signal.id, verdict: null, dismissed: false }
}
