import * as v from 'valibot'
import { fetchPlatformJson } from '../http'

// Which server of the Mastodon API answers at base_url, as its NodeInfo names it (nodeinfo.diaspora.software, served by
// Mastodon, GoToSocial, Pleroma and Akkoma alike): GET /.well-known/nodeinfo links a document per schema version, whose
// `software.name` is the server's, in lowercase (`mastodon`, `gotosocial`, `pleroma`, `akkoma`). Their status ids tell
// GoToSocial apart only once a search has found something; its name tells it before the first request
// (docs/platforms.md#mastodon). Public: read without the token, so it does not count against the token's limit.

const Index = v.object({ links: v.array(v.object({ rel: v.string(), href: v.string() })) })
const NodeInfo = v.object({ software: v.object({ name: v.string() }) })
const SCHEMA_2 = /^https?:\/\/nodeinfo\.diaspora\.software\/ns\/schema\/2\.\d+$/
/** How long a name read is kept: the server may be upgraded or replaced meanwhile. */
const KEPT_MS = 24 * 60 * 60_000
/** How long a server whose NodeInfo could not be read stays unknown before it is asked again. */
const UNKNOWN_MS = 15 * 60_000
/** Each of the two reads waits at most this long: a search waits for them. */
const READ_MS = 5_000

/**
 * The name of the software at `config.base_url`, read once and kept (KEPT_MS); undefined while unknown (no NodeInfo,
 * none of schema 2.x on the instance's own origin, or no answer), which is asked again after UNKNOWN_MS.
 */
export function instanceSoftware(config: { base_url?: string; timeout_ms: number }) {
  const base = new URL(config.base_url || 'http://invalid')
  const timeoutMs = Math.min(config.timeout_ms, READ_MS)
  const get = (url: URL, signal?: AbortSignal) => fetchPlatformJson({ platform: 'mastodon', url, timeoutMs, signal })
  const read = async (signal?: AbortSignal) => {
    const index = v.safeParse(Index, await get(new URL('/.well-known/nodeinfo', base), signal))
    // A document elsewhere than the instance is not followed.
    const href = (index.success ? index.output.links : [])
      .filter((link) => SCHEMA_2.test(link.rel))
      .map((link) => URL.parse(link.href, base.href))
      .find((url) => url?.origin === base.origin)
    const doc = href ? v.safeParse(NodeInfo, await get(href, signal)) : undefined
    return doc?.success ? doc.output.software.name.toLowerCase() : undefined
  }
  let known: { name: string | undefined; until: number } | undefined
  let reading: Promise<string | undefined> | undefined
  return {
    /** The software's name, read on first use by whichever asks first; the others wait for the same read. */
    name(signal?: AbortSignal): Promise<string | undefined> {
      if (known && Date.now() < known.until) return Promise.resolve(known.name)
      reading ??= read(signal)
        .catch(() => undefined)
        .then((name) => {
          reading = undefined
          // A read broken off by its asker's end says nothing of the server.
          if (!signal?.aborted) known = { name, until: Date.now() + (name ? KEPT_MS : UNKNOWN_MS) }
          return name
        })
      return reading
    },
  }
}
