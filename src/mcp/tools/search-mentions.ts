import { SCORED_VARIANT_PLATFORMS } from '../../config/platform-names'
import type { Deps } from '../../deps'
import { searchMentions } from '../../domain/search/search-mentions'
import { searchScored } from '../../domain/search/search-scored'
import { RawSearchBody, ScoredResult, ScoredSearchBody } from '../../wire/mentions'
import { defineTool, plural, strangersWrote } from '../tool'
import { withUsageLine } from '../usage-line'
import { BudgetedRawResult, CONTENT_BUDGET_TEXT, previewsWithin, withinBudget } from './mention-budget'

// What both variants are: one counted tool, live on the platforms, under the REST route's scope.
const SEARCH = { name: 'search_mentions', counted: true, scope: 'mentions:search', openWorld: true } as const

const CHARGE =
  "Counts 1 request against the team's monthly quota when it succeeds; a failed search is free. " +
  'list_platforms tells which platforms your plan has and this server can search.'

// A scored result is some 1,150 characters of JSON at its longest reason and preview, so 50 made 57,408, past the
// 50,000 Claude Code reads in full; 30 keep well within it (docs/api.md#mcp-tools, result sizes).
const ADVISED_SCORED_LIMIT = 30

/**
 * `POST /api/v1/mentions/search`, in the variant this server answers (`api.search_variant`,
 * docs/api.md#mention-search).
 */
export function searchMentionsTool(deps: Deps) {
  if (deps.config.api.search_variant === 'scored') {
    return defineTool({
      ...SEARCH,
      title: 'Search mentions (scored)',
      description:
        'Search social platforms live for recent public posts mentioning a keyword and score each for buying ' +
        'intent (intent, aiScore 0 to 10, aiReason), best first. Without a platform, searches every one of ' +
        `${SCORED_VARIANT_PLATFORMS.join(', ')} that your plan has and this server has configured. ` +
        'For leads already found and kept by keyword polling, use list_signals. ' +
        `Ask for a limit of up to ${ADVISED_SCORED_LIMIT}: a larger one makes a result that assistants may not read ` +
        `in full. ${CHARGE} ${strangersWrote({ posts: true, reasons: true })}`,
      input: ScoredSearchBody,
      output: ScoredResult,
      async run(caller, args, signal) {
        const result = previewsWithin(await searchScored(deps, caller, args, signal))
        const where = args.platform ? ` on ${args.platform}` : ''
        return withUsageLine(
          deps,
          caller,
          result,
          `Found ${plural(result.total, 'mention')} of "${args.keyword}"${where}, best score first.`,
        )
      },
    })
  }
  return defineTool({
    ...SEARCH,
    title: 'Search mentions',
    description:
      'Search one social platform live for recent public posts mentioning a keyword, newest first: author, ' +
      'full text exactly as the platform sent it (HTML and entities as they came), URL, date and engagement. ' +
      `The texts of one answer share ${CONTENT_BUDGET_TEXT} characters, so a smaller limit keeps more of each: a ` +
      'longer text is cut, and ends by saying how many more characters the post has at its url. ' +
      'Use it to see what people say right now; ' +
      'for leads already found, scored and kept by keyword polling, use list_signals, and to judge a post, score_lead. ' +
      `${CHARGE} ${strangersWrote({ posts: true, reasons: false })}`,
    input: RawSearchBody,
    output: BudgetedRawResult,
    async run(caller, args, signal) {
      const found = await searchMentions(deps, caller, args, signal)
      const { result, cutTo, cut } = withinBudget(found)
      const cutLine = cut === 0 ? '' : ` ${plural(cut, 'text')} of ${found.count} cut to at most ${cutTo} characters.`
      return withUsageLine(
        deps,
        caller,
        result,
        `Found ${plural(found.count, 'mention')} of "${args.keyword}" on ${args.platform}.${cutLine}`,
      )
    },
  })
}
