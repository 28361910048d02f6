import * as v from 'valibot'
import { remember } from '../../lib/bounded-map'
import type { Logger } from '../../lib/log'
import type { Mention } from '../../mention'
import { isDid } from './atproto-ids'
import { xrpc } from './xrpc'

// Jetstream names a post's author by DID only. The handles of the authors of posts that matched are asked of an
// AppView's app.bsky.actor.getProfiles (docs/streams.md#author-names): GET …/xrpc/app.bsky.actor.getProfiles with up
// to 25 `actors`, answered with {profiles: [{did, handle, displayName, …}]}, an actor it does not know left out and a
// handle that no longer verifies written "handle.invalid". The public AppView answers it without a login.
const PER_CALL = 25
// A lead never waits longer than this for its author's name: past it, it is stored under the DID.
const WAIT_MS = 3000
// Names kept in memory, and for how long: a renamed account shows its new handle after at most this.
const CACHE_MOST = 20_000
const CACHE_MS = 60 * 60_000
// After a failed or slow lookup, none is tried for this long: the posts meanwhile keep their DID, none waits.
const QUIET_MS = 60_000

const Profile = v.object({ did: v.string(), handle: v.string() })
const Answer = v.object({ profiles: v.array(v.unknown()) })

// A handle is a domain name (atproto.com/specs/handle): at most 253 characters, labels of letters, digits and
// hyphens, the last starting with a letter. What is not one (control or direction characters, a 10,000-character
// string, "handle.invalid") is never shown: the author stays the DID.
const HANDLE = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/
export const cleanHandle = (said: string) => {
  const h = said.toLowerCase()
  return h.length <= 253 && HANDLE.test(h) && !h.endsWith('.invalid') ? h : undefined
}

/** `forget`: a DID's handle changed (a Jetstream identity event): its next post asks the AppView again. */
export type ProfileNames = ((mentions: Mention[]) => Promise<Mention[]>) & { forget: (did: string) => void }

/**
 * Gives each Bluesky mention whose author is a DID (`authorId`) its handle as `author`, from the AppView at `appview`
 * (empty: none is asked, the DID stays). Its URLs keep the DID, which bsky.app links accept whatever the handle does.
 */
export function profileNames(
  appview: string,
  log: Logger,
  a: { waitMs?: number; quietMs?: number; cacheMost?: number } = {},
): ProfileNames {
  const known = new Map<string, { handle?: string; until: number }>()
  let quietUntil = 0
  let failing = false
  const lookUp = async (dids: string[]) => {
    const stop = AbortSignal.timeout(a.waitMs ?? WAIT_MS)
    const calls = []
    for (let i = 0; i < dids.length; i += PER_CALL) {
      const params = new URLSearchParams(dids.slice(i, i + PER_CALL).map((d): [string, string] => ['actors', d]))
      const nsid = 'app.bsky.actor.getProfiles'
      calls.push(xrpc({ baseUrl: appview, nsid, params, timeoutMs: a.waitMs ?? WAIT_MS, signal: stop }))
    }
    const until = Date.now() + CACHE_MS
    const answers = await Promise.allSettled(calls)
    for (const [n, answer] of answers.entries()) {
      if (answer.status === 'rejected') continue
      const read = v.safeParse(Answer, answer.value)
      if (!read.success) continue
      const handles = new Map<string, string | undefined>()
      for (const p of read.output.profiles) {
        const profile = v.safeParse(Profile, p)
        if (profile.success) handles.set(profile.output.did, cleanHandle(profile.output.handle))
      }
      // An actor the answer left out has no profile to show: its DID stays, and is not asked again for a while.
      for (const did of dids.slice(n * PER_CALL, (n + 1) * PER_CALL))
        remember(known, did, { handle: handles.get(did), until }, a.cacheMost ?? CACHE_MOST)
    }
    const failed = answers.find((r) => r.status === 'rejected' || !v.is(Answer, r.value))
    if (!failed) {
      if (failing) log.info('bluesky_names_back', { appview: new URL(appview).host })
      failing = false
      return
    }
    quietUntil = Date.now() + (a.quietMs ?? QUIET_MS)
    // One line an outage, not one a post.
    if (!failing) {
      const reason = failed.status === 'rejected' ? reasonOf(failed.reason, stop) : 'an answer without profiles'
      log.warn('bluesky_names_unavailable', {
        appview: new URL(appview).host,
        reason,
        next: `authors are shown by DID; asked again in ${Math.round((a.quietMs ?? QUIET_MS) / 1000)} s (platforms.bluesky.appview_url = "" asks nothing)`,
      })
    }
    failing = true
  }
  const named = async (mentions: Mention[]) => {
    if (!appview) return mentions
    const now = Date.now()
    const asked = new Set<string>()
    for (const m of mentions) {
      const did = m.platform === 'bluesky' && m.authorId && isDid(m.authorId) ? m.authorId : undefined
      if (did && !((known.get(did)?.until ?? 0) > now)) asked.add(did)
    }
    if (asked.size > 0 && now >= quietUntil) await lookUp([...asked])
    return mentions.map((m) => {
      const handle = m.platform === 'bluesky' && m.authorId ? known.get(m.authorId)?.handle : undefined
      return handle ? { ...m, author: handle } : m
    })
  }
  return Object.assign(named, { forget: (did: string) => void known.delete(did) })
}

const reasonOf = (err: unknown, stop: AbortSignal) =>
  stop.aborted ? 'no answer in time' : err instanceof Error ? err.message : 'the request failed'
