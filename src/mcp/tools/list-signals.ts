import type { Deps } from '../../deps'
import { listSignals } from '../../domain/signals/list'
import { SignalArgs, SignalPage } from '../../wire/signals'
import { defineTool, type Listing, pageLine, plural, STRANGERS_WROTE, withUsageLine } from '../tool'

const SIGNALS: Listing = {
  items: 'Signals',
  matching: (n) => `${plural(n, 'signal')} ${n === 1 ? 'matches' : 'match'}`,
  order: 'best first',
}

/** `GET /api/v1/signals`, with the same filters and paging as JSON arguments. */
export function listSignalsTool(deps: Deps) {
  return defineTool({
    name: 'list_signals',
    title: 'List signals',
    description:
      "The team's qualified leads (signals): posts that keyword polling or an import found for the team's " +
      'tracked keywords and that the scorer qualified, each with author, platform, intent, score, reason, matching ' +
      'profile, content, URL and dates. Best first: by score, then publication date (both descending), then id; ' +
      'filter by keyword, intent, platform, minimum score and publication date, and page with limit and offset ' +
      '(total tells how many match). Counts 1 request against the monthly quota per call, so ask for a larger page ' +
      `rather than many small ones. ${STRANGERS_WROTE}`,
    input: SignalArgs,
    output: SignalPage,
    counted: true,
    scope: 'signals:read',
    openWorld: false,
    async run(caller, args) {
      const page = await listSignals(deps, caller, args)
      return withUsageLine(page, pageLine(SIGNALS, page, page.signals.length))
    },
  })
}
