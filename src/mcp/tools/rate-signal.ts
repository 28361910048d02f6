import type { Deps } from '../../deps'
import { rateSignal } from '../../domain/feedback/rate'
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
      const answer = await rateSignal(deps, caller.team.id, { id, ...verdict })
      const shown = answer.dismissed ? 'It is out of the default list now.' : 'It stays in the default list.'
      return { result: answer, summary: `Signal ${id} judged ${answer.verdict.replace('_', ' ')}. ${shown}` }
    },
  })
}
