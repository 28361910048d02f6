import { AppError } from '../../errors'
import type { Needs } from '../needs'
import { type FeedbackInput, judged, rateSignal, storeVerdict } from './rate'
import { type Before, undoRecords } from './undo-record'

/**
 * The console's 👍 / 👎 (docs/console.md#verdicts): a verdict as the API gives it, whose answer adds `before`, what the
 * signal was before it, for an Undo to put back (and for rate_signal's line to say whether the signal moved). Read here, as only the signal and its verdict row know it: a signal
 * stored while its author was muted is dismissed without a verdict (docs/people.md#mute), and a verdict given through
 * the API or an assistant may carry a reason the page never showed.
 */
export async function rateWithBefore(
  deps: Needs<'clock', 'signals' | 'signalFeedback'>,
  teamId: string,
  a: FeedbackInput,
) {
  const signal = await judged(deps, teamId, a.id)
  const earlier = await deps.repos.signalFeedback.byId(teamId, signal.id)
  const before: Before = {
    verdict: earlier?.verdict ?? null,
    reason: earlier?.reason ?? null,
    judgedAt: earlier?.judgedAt ?? null,
    dismissed: signal.dismissed,
  }
  const answer = await rateSignal(deps, teamId, a)
  undoRecords(deps.repos.signalFeedback).keep(teamId, signal.id, answer.judgedAt, before)
  return { ...answer, before }
}

/**
 * Undo: the signal back to what this server recorded it was before the verdict judged at `undoes` (undo-record.ts),
 * whatever else the request says: the `before` fields it sends back are not believed. No verdict: the verdict row
 * goes, and the signal is dismissed only if it was (a muted person's). An earlier verdict: written again with its
 * reason and time. Either way its person's figures and the list follow, as for any verdict. Only while the verdict
 * judged at `undoes` is the signal's: one judged again since (by another member, the API, an assistant), already
 * undone, or given where no before was recorded (the API, another server) is left as it is.
 */
export async function undoVerdict(
  deps: Needs<never, 'signals' | 'signalFeedback'>,
  teamId: string,
  id: string,
  { undoes }: { undoes: string },
) {
  const signal = await judged(deps, teamId, id)
  const now = await deps.repos.signalFeedback.byId(teamId, signal.id)
  // Compared as instants: a time with another zone or none of the milliseconds is the same verdict's.
  const current = now ? Date.parse(now.judgedAt) === Date.parse(undoes) : false
  const before = current ? undoRecords(deps.repos.signalFeedback).take(teamId, signal.id, undoes) : undefined
  if (!before)
    throw new AppError(
      'not_found',
      'this signal was judged again since, or its Undo was done or is not known here: reload the page to see it',
    )
  if (before.verdict === null || before.judgedAt === null)
    await deps.repos.signalFeedback.withdraw(teamId, signal.id, before.dismissed)
  else
    await storeVerdict(
      deps,
      signal,
      { verdict: before.verdict, reason: before.reason, judgedAt: before.judgedAt },
      before.dismissed,
    )
  return { signalId: signal.id, ...before }
}
