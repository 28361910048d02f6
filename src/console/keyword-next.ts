import { api } from './api'
import { nextPass } from './components/next-pass'
import type { Polling } from './setup-state'
import { platformName } from './signal-facts'
import type { TeamSources } from '../wire/platforms'

/** POST /keywords's answer; `allowedOn`: the platforms each added keyword's `platform:` filters allow. */
export type Added = {
  added: string[]
  alreadyTracked: string[]
  narrowed: { note: string }[]
  allowedOn: { keyword: string; platforms: string[] }[]
}

// A running stream reads who tracks what every 15 s (docs/streams.md#backpressure): "from now on" told of a keyword
// that a post made in those seconds does not match.
const STREAM_READS_KEYWORDS_S = 15

/**
 * What happens next to a keyword just added on the Keywords page (docs/console.md#verdicts): the page said nothing,
 * and a new user did not know whether, or when, it was searched. The polling pass that searches it (when it starts,
 * or that polling is off), the streams that match it within 15 s, or that nothing searches it yet. The platforms of
 * the added keywords only: another keyword may reach a platform that a `platform:` filter keeps these off
 * (docs/queries.md#filters).
 */
export async function whenSearched(added: Added['allowedOn']): Promise<string> {
  const it = `“${added.map((a) => a.keyword).join('”, “')}”`
  const [sources, polling] = await Promise.all([api<TeamSources>('GET', '/sources'), api<Polling>('GET', '/polling')])
  const allowed = new Set(added.flatMap((a) => a.platforms))
  const searched = sources.platforms.filter((p) => p.ready && allowed.has(p.platform))
  if (searched.length === 0) return `Nothing searches ${it} yet: the Sources page says why for each platform.`
  const streams = searched.filter((p) => p.mode === 'stream').map((p) => platformName(p.platform))
  const polled = searched.length > streams.length
  return [
    polled ? `${it} is searched on each polling pass. ${nextPass(polling)}` : '',
    streams.length
      ? `${streams.join(', ')} ${streams.length > 1 ? 'match' : 'matches'} new posts against it within ${STREAM_READS_KEYWORDS_S} seconds.`
      : '',
  ]
    .filter(Boolean)
    .join(' ')
}
