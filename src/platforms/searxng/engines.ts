// SearXNG's answer names the engines that did not answer in unresponsive_engines, as [engine, reason] pairs, the
// reason one of its own messages (timeout, too many requests, CAPTCHA, access denied…; searx/webapp.py). With no
// result at all, that is why a search found nothing: source health says so rather than a silent "0 results".

// What is repeated of the instance's answer: an engine's name and a short plain reason, a few of them.
const NAME = /^[\w .-]{1,40}$/
const REASON = /^[\w .:,'()/-]{1,80}$/
const SHOWN = 5

/** The engines that did not answer, as `name: reason` (a reason that is not plain text is left out). */
export function silentEngines(raw: unknown[] | undefined): string[] {
  const named: string[] = []
  for (const pair of raw ?? []) {
    if (!Array.isArray(pair) || typeof pair[0] !== 'string' || !NAME.test(pair[0])) continue
    const why = typeof pair[1] === 'string' && REASON.test(pair[1]) ? `: ${pair[1]}` : ''
    named.push(`${pair[0]}${why}`)
  }
  return named
}

/** The warning for a search that found nothing while `engines` did not answer, or undefined. */
export function silentEnginesWarning(network: string, engines: string[]): string | undefined {
  if (engines.length === 0) return undefined
  const more = engines.length > SHOWN ? ` and ${engines.length - SHOWN} more` : ''
  return `${network}: the last search found nothing because the instance's engines did not answer (${engines.slice(0, SHOWN).join('; ')}${more}); check them in the SearXNG instance (docs/platforms.md#internet-and-indiehacker)`
}
