import type { Config } from '../../config/schema'
import { unresolvedWords } from '../../platforms/unresolved-name'
import { withBaseUrl } from './advice'
import { until } from './held-advice'
import type { PassSummary } from './summary'

// What a name that does not resolve may be, said once under the table for every such platform of the pass.
const UNRESOLVED_ADVICE =
  'these names do not resolve here: check the settings above for a typo, a name only another network knows, or a public name on a machine without internet access'

/**
 * docs/operations.md#when-a-pass-finds-nothing: a line under `poll --once`'s table for each platform whose every search
 * failed, with why. `why`: source health's message per platform, the platform's own words. On a machine without
 * internet access every platform's name fails to resolve: each line said the whole advice, after the log line that
 * had said it already, and pointed to log lines that said nothing more. Two or more such names are now a short line
 * each (the name and the setting that holds it) and the advice once after them.
 */
export function failedLines(
  config: Pick<Config, 'platforms'>,
  summary: PassSummary,
  failed: [string, { searches: number }][],
  why: Map<string, string | null>,
): string[] {
  const several = failed.filter(([p]) => summary.unresolved[p]).length > 1
  const lines = failed.map(([p, c]) => {
    const searches = c.searches === 1 ? 'its one search' : `all ${c.searches} searches`
    const name = summary.unresolved[p]
    if (name && several)
      return `${p}: ${searches} failed: the name ${name.host} does not resolve${name.setting ? ` (${name.setting})` : ''}`
    // A name that does not resolve, as this pass saw it: said so, with the setting that holds it.
    const reason = name ? unresolvedWords(p, name) : why.get(p)
    // The line the pass's search was told in (polling/search.ts): source health's row may have been written since.
    const logged = summary.failuresLoggedAs[p] ?? 'poll_search_failed'
    return `${p}: ${searches} failed${reason ? ` (${withBaseUrl(config, p, reason)})` : ''}; the ${logged} log lines say more${until(summary, p)}`
  })
  return several ? [...lines, UNRESOLVED_ADVICE] : lines
}
