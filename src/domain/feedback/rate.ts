import { AppError } from '../../errors'
import { echoed } from '../../lib/text'
import type { Verdict } from '../../storage/repos/signal-feedback'
import type { Needs } from '../needs'
import { keywordKey } from '../../query/same-query'

export type FeedbackInput = { id: string; verdict: Verdict; reason?: string }
type RateDeps = Needs<'clock', 'signals' | 'signalFeedback'>
/**
 * A console verdict's record for its Undo (docs/console.md#verdicts): who gave it; the before is read as it is written.
 */
export type UndoRecord = { userId: string }

/**
 * docs/api.md#feedback: the team's verdict on one of its signals, replacing any earlier one. "not_relevant" takes the
 * signal out of the default list (it is kept, and `include=dismissed` shows it); "relevant" puts it back. Another
 * team's signal is not found. The verdict keeps the keyword, score and what produced the signal, for the tuning.
 */
export async function rateSignal(deps: RateDeps, teamId: string, a: FeedbackInput) {
  return (await rate(deps, teamId, a)).answer
}

/** rateSignal's verdict and what the signal was as it was written; with `undo` (a console verdict) that is kept. */
export async function rate(deps: RateDeps, teamId: string, a: FeedbackInput, undo?: UndoRecord) {
  const signal = await judged(deps, teamId, a.id)
  const judgedAt = deps.clock.now().toISOString()
  // The reason arrives trimmed: one of only spaces is no reason, as an absent one is (docs/api.md#feedback).
  const reason = a.reason || null
  const before = await storeVerdict(deps, signal, { verdict: a.verdict, reason, judgedAt }, undo)
  const answer = {
    signalId: signal.id,
    verdict: a.verdict,
    reason,
    dismissed: a.verdict === 'not_relevant',
    judgedAt,
    scoredBy: signal.scoredBy,
    model: signal.model,
    promptVersion: signal.promptVersion,
  }
  return { answer, before }
}

/**
 * 404 for a signal id the team does not have (another team's reads the same), naming the id as a person's 404 does
 * (docs/api.md#error-codes): "no such signal" alone did not say which id of a script's run was wrong. Only an id of
 * the form ids have (lib/ids.ts) is named: over MCP the id is what an assistant was given, often by a post a stranger
 * wrote, and a sentence or invisible characters in it came back as the server's own words in the assistant's context.
 */
export const noSignal = (id: string) =>
  new AppError(
    'not_found',
    ID_FORM.test(id)
      ? `the team has no signal ${echoed(id)}`
      : "the team has no signal of the id given: a signal's id is sig_ and letters, digits, _ or - (from list_signals)",
  )
// A kind's prefix and base64url (lib/ids.ts).
const ID_FORM = /^[A-Za-z0-9_-]+$/

/** The team's signal `id`, or not found. */
export async function judged(deps: Needs<never, 'signals'>, teamId: string, id: string) {
  const signal = await deps.repos.signals.byId(teamId, id)
  if (!signal) throw noSignal(id)
  return signal
}

/**
 * Writes a verdict on `signal`, dismissed as the verdict says, with
 * the keyword, score and what produced the signal that the tuning reads (docs/scoring.md#tuning-by-verdicts), and a
 * console verdict's record for its Undo in the same transaction.
 */
export async function storeVerdict(
  deps: Needs<never, 'signals' | 'signalFeedback'>,
  signal: Awaited<ReturnType<typeof judged>>,
  v: { verdict: Verdict; reason: string | null; judgedAt: string },
  undo?: UndoRecord,
) {
  const row = {
    signalId: signal.id,
    teamId: signal.teamId,
    keywordLc: keywordKey(signal.keyword),
    ...v,
    score: signal.score,
    intent: signal.intent,
    scoredBy: signal.scoredBy,
    model: signal.model,
    promptVersion: signal.promptVersion,
  }
  // Forgotten meanwhile (docs/people.md#forget): the verdict's row refers to a signal no longer there, and the write
  // fails as a whole. That is the 404 of a signal already gone, not a storage error.
  return deps.repos.signalFeedback.record(row, undo).catch(async (err) => {
    if (await deps.repos.signals.byId(signal.teamId, signal.id)) throw err
    throw noSignal(signal.id)
  })
}
