import { AppError } from '../../errors'
import type { Before } from '../../storage/repos/verdict-undos'
import type { Needs } from '../needs'
import { keywordKey } from '../../query/same-query'
import { type FeedbackInput, judged, rate } from './rate'

/** docs/console.md#verdicts: how long after a verdict its Undo can still be done; an older record has expired. */
export const UNDO_HOURS = 24

/**
 * The console's 👍 / 👎 (docs/console.md#verdicts), and rate_signal's: a verdict as the API gives it, whose answer adds
 * `before`, what the signal was before it (for rate_signal's line, whether the signal moved). Read in the verdict's own
 * transaction, as only the signal and its verdict row know it: a signal stored while its author was muted is dismissed
 * without a verdict (docs/people.md#mute), a verdict given through the API or an assistant may carry a reason the page
 * never showed, and a teammate's verdict committed since the request read the signal is what this one replaces (read
 * ahead, the line said the signal moved when it did not). With `userId` (the console's user) that before is also
 * stored, for its Undo (undoVerdict); an assistant has no Undo, so its verdict stores none.
 */
export async function rateWithBefore(
  deps: Needs<'clock', 'signals' | 'signalFeedback'>,
  teamId: string,
  a: FeedbackInput,
  userId?: string,
) {
  const { answer, before } = await rate(deps, teamId, a, userId === undefined ? undefined : { userId })
  return { ...answer, before: before as Before }
}

/**
 * Undo: the signal back to what the database recorded it was before the console verdict judged at `undoes`, whatever
 * else the request says: the `before` fields it sends back are not believed. The record is taken once, on whichever
 * executable answers (storage/repos/verdict-undos.ts). No verdict: the verdict row goes, and the signal is dismissed
 * only if it was (a muted person's). An earlier verdict: written again with its reason and time. Either way its
 * person's figures and the list follow, as for any verdict. Only the viewer who gave the verdict, only while the
 * verdict judged at `undoes` is the signal's and at most UNDO_HOURS old: one judged again since (by another member,
 * the API, an assistant), already undone, given by another member, or given where no before was recorded (the API,
 * an assistant) is left as it is, and the refusal says nothing of the record.
 */
export async function undoVerdict(
  deps: Needs<'clock', 'signals' | 'verdictUndos'>,
  viewer: { teamId: string; userId: string },
  id: string,
  { undoes }: { undoes: string },
) {
  const { teamId, userId } = viewer
  const signal = await judged(deps, teamId, id)
  // Compared as instants: a time with another zone or none of the milliseconds is the same verdict's.
  const at = new Date(undoes).toISOString()
  const after = new Date(deps.clock.now().getTime() - UNDO_HOURS * 3_600_000).toISOString()
  // The check, the record's taking and the restore are one guarded step: a verdict committed meanwhile is not
  // written over (storage/repos/verdict-undos.ts).
  const before = await deps.repos.verdictUndos.undo(
    { teamId, userId, signalId: signal.id, undoes: at, after },
    {
      keywordLc: keywordKey(signal.keyword),
      score: signal.score,
      intent: signal.intent,
      scoredBy: signal.scoredBy,
      model: signal.model,
      promptVersion: signal.promptVersion,
    },
  )
  if (!before)
    throw new AppError(
      'not_found',
      'this signal was judged again since, or its Undo was done, has expired or is not known: reload the page to see it',
    )
  return { signalId: signal.id, ...before }
}
