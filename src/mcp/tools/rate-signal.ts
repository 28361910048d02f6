import type { Deps } from '../../deps'
import { rateWithBefore } from '../../domain/feedback/undo'
import { FeedbackAnswer, FeedbackArgs } from '../../wire/feedback'
import { defineTool } from '../tool'

/** `POST /api/v1/signals/{id}/feedback`, with the signal's id among the arguments (docs/api.md#feedback). */
export function rateSignalTool(deps: Deps) {
  return defineTool({
    name: 'rate_signal',
    title: 'Rate a signal',
    description:
      'Records the team\'s verdict on one of its signals (an id from list_signals): "relevant" or "not_relevant", ' +
      'with an optional reason. A not-relevant signal leaves the default list of list_signals (it is kept; ' +
      'include "dismissed" shows it); a later verdict replaces the earlier one. After 20 verdicts on a keyword, ' +
      "they tune the score that keyword's posts need to qualify. Free: never counted.",
    input: FeedbackArgs,
    output: FeedbackAnswer,
    counted: false,
    writes: true,
    scope: 'signals:write',
    openWorld: false,
    async run(caller, { id, ...verdict }) {
      // The answer is the API's; what the signal was before tells the line whether it moved (a muted author's signal,
      // or one judged not relevant earlier, comes back with "relevant", docs/api.md#feedback).
      const { before, ...answer } = await rateWithBefore(deps, caller.team.id, { id, ...verdict })
      return {
        result: answer,
        summary: `Signal ${id} judged ${answer.verdict.replace('_', ' ')}. ${moved(before.dismissed, answer.dismissed)}`,
      }
    },
  })
}

const moved = (was: boolean, is: boolean) =>
  is
    ? was
      ? 'It stays out of the default list.'
      : 'It is out of the default list now.'
    : was
      ? 'It is back in the default list.'
      : 'It stays in the default list.'
