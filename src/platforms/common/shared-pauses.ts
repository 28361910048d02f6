import { hostname } from 'node:os'
import { sha256Hex } from '../../lib/hash'

// docs/platforms.md#rate-limits and docs/architecture.md#pauses-a-platform-announced: a wait a platform announced for
// one set of credentials holds every connector and stream of this process that uses them, and, through the database,
// every other process on it.

/** Where pauses are shared between processes (storage/repos/platform-pauses.ts); none: this process only. */
export type PauseStore = {
  /** The pauses still ahead, each with the milliseconds left (by the database's clock). */
  ahead(): Promise<{ key: string; msLeft: number; why: string }[]>
  /** Holds `key` for `ms` from now, unless a longer hold is kept. */
  hold(a: { key: string; platform: string; ms: number; why: string }): Promise<void>
}

/**
 * How long this process goes by what it last read of the shared pauses before it reads them again, at its next call
 * to a platform: one read of a small table every 5 s at most, and none when no call is made. A pause another process
 * heard reaches this one within it; one this process heard holds it at once.
 */
export const PAUSES_READ_EVERY_MS = 5000

type Held = { until: number; why: string }
type Told = (what: 'read' | 'write', err: unknown) => void

/**
 * The pauses of one process (built once, in deps.ts, and given to every connector and stream), over `store` when
 * there is one. A store that cannot be read or written is told to `told` and the process goes by what it holds.
 */
export function pauseBoard(store?: PauseStore, told?: Told, now: () => number = Date.now) {
  const held = new Map<string, Held>()
  // The platforms of each key a connector or stream of this process calls with (one SearXNG instance's limiter holds
  // two networks): what source health shows.
  const platformsOf = new Map<string, Set<string>>()
  // Keys whose hold stops this process's searches only at times (Bluesky's logins: not while a session is held).
  const holdsNow = new Map<string, () => boolean>()
  let readAt = Number.NEGATIVE_INFINITY
  let reading: Promise<void> | undefined
  const note = (key: string, until: number, why: string) => {
    const h = held.get(key)
    if (!h || until > h.until) held.set(key, { until, why })
  }
  const read = async () => {
    const at = now()
    try {
      for (const p of await store!.ahead()) note(p.key, at + p.msLeft, p.why)
    } catch (err) {
      told?.('read', err)
    }
    readAt = at
  }
  return {
    now,
    /** The hold on `key` (its end in `now`'s ms) as this process last knew it. */
    held: (key: string): Held | undefined => held.get(key),
    /**
     * Says that a connector or stream of this process calls `platform` with `key`; `holds`, when a hold on it stops
     * the searches here only at times, says whether it does now.
     */
    uses(key: string, platform: string, holds?: () => boolean) {
      platformsOf.set(key, (platformsOf.get(key) ?? new Set()).add(platform))
      if (holds) holdsNow.set(key, holds)
    },
    /**
     * The longest hold still ahead on the keys this process calls `platform` with, as it last knew them, of those
     * that stop its searches now.
     */
    heldFor(platform: string): Held | undefined {
      let longest: Held | undefined
      for (const [key, platforms] of platformsOf) {
        const h = held.get(key)
        if (!platforms.has(platform) || !h || h.until <= now() || holdsNow.get(key)?.() === false) continue
        if (!longest || h.until > longest.until) longest = h
      }
      return longest
    },
    /** Reads the shared pauses when what was read is older than `ms` (source health: 0, it is asked for rarely). */
    async fresh(ms = PAUSES_READ_EVERY_MS): Promise<void> {
      if (!store || now() - readAt < ms) return
      reading ??= read().finally(() => {
        reading = undefined
      })
      await reading
    },
    async hold(key: string, platform: string, seconds: number, why: string): Promise<void> {
      note(key, now() + seconds * 1000, why)
      await store?.hold({ key, platform, ms: seconds * 1000, why }).catch((err) => told?.('write', err))
    },
  }
}
export type PauseBoard = ReturnType<typeof pauseBoard>

/** What a connector or stream is built with beside its table and the log: this process's pauses. */
export type PlatformShared = { pauses?: PauseBoard }

/**
 * The key of a platform's limit for one set of credentials: the platform, the host it is called on and a hash of the
 * credentials (a token, an app id; '' for none), never the secret itself.
 */
export function pauseKey(platform: string, url: string | undefined, credentials: string): string {
  const host = url ? (URL.parse(url)?.host ?? '') : ''
  return `${platform} ${host} ${sha256Hex(credentials.trim()).slice(0, 16)}`
}

/**
 * A limit counted per address (Stack Exchange's daily quota without an access token): this machine's name joins the
 * key.
 */
export const perMachine = (credentials: string) => `${credentials.trim()}\u0000${hostname()}`
