import type { Deps } from '../../deps'
import { listSignals } from '../../domain/signals/list'
import { FULL_CHARS, PREVIEW_CHARS } from '../../domain/signals/limits'
import { SignalArgs, SignalPage } from '../../wire/signals'
import { escapedStart } from '../escaped'
import { defineTool, type Listing, pageLine, plural, strangersWrote } from '../tool'
import { withUsageLine } from '../usage-line'

const SIGNALS: Listing = {
  items: 'Signals',
  matching: (n) => `${plural(n, 'signal')} ${n === 1 ? 'matches' : 'match'}`,
  order: 'best first',
}

// Some 1,200 characters of JSON text a signal at its longest preview and reason: 30 (about 37,000) keep a result well
// within the 50,000 characters Claude Code reads in full; 100 are over twice that (docs/api.md#mcp-tools, result
// sizes).
const ADVISED_PAGE = 30

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
      '(total tells how many match). Counts 1 request against the monthly quota per call, so ask for pages of up to ' +
      `${ADVISED_PAGE} signals rather than many small ones; larger pages, or content "full" (up to 4,000 more ` +
      'characters a signal) on more than a few, make results that assistants may not read in full. ' +
      strangersWrote({ posts: true, reasons: true }),
    input: SignalArgs,
    output: SignalPage,
    counted: true,
    scope: 'signals:read',
    openWorld: false,
    async run(caller, args, signal) {
      const page = withinAdvice(await listSignals(deps, caller, args, signal))
      return withUsageLine(deps, caller, page, pageLine(SIGNALS, page, page.signals.length))
    },
  })
}

/**
 * The page with each preview and full text as long as the model reads it, escaped (escaped.ts): the advised page
 * size was measured on them, and previews of quotes, backslashes and control characters made 57,628 characters.
 */
function withinAdvice<P extends { signals: { content: string; contentFull?: string | null }[] }>(page: P): P {
  const signals = page.signals.map((s) => ({
    ...s,
    content: escapedStart(s.content, PREVIEW_CHARS),
    ...(typeof s.contentFull === 'string' ? { contentFull: escapedStart(s.contentFull, FULL_CHARS) } : {}),
  }))
  return { ...page, signals }
}
