import { AppError } from '../../errors'
import type { Verdict } from '../../storage/repos/signal-feedback'
import type { Needs } from '../needs'
import { type FeedbackInput, judged, rateSignal, storeVerdict } from './rate'

/** What a signal was before a verdict: its verdict (reason and time with it) and whether it was dismissed. */
type Before = { verdict: Verdict | null; reason: string | null; judgedAt: string | null; dismissed: boolean }

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
  return { ...(await rateSignal(deps, teamId, a)), before }
}

/**
 * Undo: the signal back to `before`, as a verdict's answer gave it. No verdict: the verdict row goes, and the signal
 * is dismissed only if it was (a muted person's). An earlier verdict: written again with its reason and time. Either
 * way its person's figures and the list follow, as for any verdict. Only while the verdict judged at `undoes` is the
 * signal's: one judged again since (by another member, the API, an assistant) or already undone is left as it is.
 */
export async function undoVerdict(
  deps: Needs<never, 'signals' | 'signalFeedback'>,
  teamId: string,
  id: string,
  { undoes, ...before }: Before & { undoes: string },
) {
  const signal = await judged(deps, teamId, id)
  const now = await deps.repos.signalFeedback.byId(teamId, signal.id)
  // Compared as instants: a time with another zone or none of the milliseconds is the same verdict's.
  if (!now || Date.parse(now.judgedAt) !== Date.parse(undoes))
    throw new AppError(
      'not_found',
      'this signal was judged again since, or its Undo was done: reload the page to see it',
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
