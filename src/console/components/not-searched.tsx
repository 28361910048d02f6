import { failingNow, type Source } from '../source-reading'
import { platformName, sourceError } from '../signal-facts'
import { relative } from '../time'
import { Command } from './command'

// The Sources page's words for a platform that searches nothing for the team (docs/console.md#sources): why not,
// and what would change it: the setting an operator adds, or the plan that includes it. Apart from the page, which
// sorts the sources into its lists and reads them again when a retry is due.

/**
 * What a platform only the earlier search route reads (docs/api.md#earlier-search) is: "News (earlier route only)",
 * read as "search" under "Searched on each polling pass", was taken for polled by a team that never met that route.
 */
const earlierOnly = (
  <>
    never polled: only <a href="/docs/api#earlier-search">the earlier search route</a> searches it
  </>
)

/** The settings that would make a platform usable, as configuration file keys (each has an environment twin). */
export function missing(s: Source) {
  return (
    <li>
      <strong>{platformName(s.platform)}</strong>{' '}
      <span>
        {s.missingSettings.length === 0 ? 'not configured' : 'set '}
        {s.missingSettings.map((m, i) => (
          <>
            {i > 0 && ', '}
            <code title={`or ${m.env}`}>{m.key}</code>
          </>
        ))}
        {/* The settings above are the route open to every install; Reddit's own API needs its approval first. */}
        {s.platform === 'reddit' && (
          <>
            ; or, once Reddit has approved an app, its own API (<a href="/docs/platforms#reddit">how</a>)
          </>
        )}
        {!s.inPlan && '; not on your plan'}
        {s.earlierRouteOnly && <>; {earlierOnly}</>}
      </span>
    </li>
  )
}

/** Why a platform this server can use searches nothing for the team, in the line "Not searched for you" gives it. */
export function whyNot(s: Source) {
  if (s.earlierRouteOnly) return earlierOnly
  if (!s.inPlan) return 'not on your plan'
  // A keyword's filter moved here makes it searched (what Getting started asks when no keyword reaches a platform), so
  // a failing last try is said; a platform off the plan never is searched for the team, and its health is left out.
  return (
    <>
      none of your keywords: each is limited to other platforms (<a href="/docs/queries#filters">platform:</a>)
      {failingNow(s) &&
        `; its last try failed ${relative(s.lastFailureAt as string)}: ${sourceError(s.platform, s.lastError ?? '')}`}
    </>
  )
}

/** No setting on any page adds a platform to a plan: only the operator's change of plan does (docs/operations.md). */
export const OffPlan = () => (
  <p class="hint" role="note" aria-label="Platforms off your plan">
    A platform not on your plan comes with another plan, which the server’s operator gives your team:{' '}
    <Command command="lead-signals team set --team TEAM --plan PLAN" />.
  </p>
)
