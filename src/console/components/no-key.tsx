import { platformName } from '../signal-facts'
import type { Source } from '../source-reading'

/**
 * docs/console.md#sources: which of the platforms In use need no key. Said of these alone: naming every keyless
 * platform read as the team's own on a plan without them. Bluesky's search needs an account, its stream nothing.
 */
export function NoKey({ inUse }: { inUse: Source[] }) {
  const names = inUse.filter((s) => s.keyless).map((s) => platformName(s.platform))
  const stream = inUse.some((s) => s.platform === 'bluesky' && s.stream) ? "Bluesky's stream" : ''
  if (!names.length) return stream ? <> {stream} needs no key.</> : null
  const said = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]
  return <> {`${said} ${names.length > 1 ? 'need' : 'needs'} no key${stream ? `, nor does ${stream}` : ''}.`}</>
}
