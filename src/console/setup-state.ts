import { api } from './api'
import type { TeamSources } from '../wire/platforms'
import { failingNow, type Source } from './source-reading'

// What the Getting started checklist reads from the server (docs/console.md#getting-started).
export type Polling = {
  enabled: boolean
  schedule: string
  nextPassAt: string | null
  lastPassAt: string | null
  /** A pass holds the polling lease now, in this process or another: a schedule time before it ends is skipped. */
  passRunning: boolean
  /**
   * A pass that stopped before it ended (its holder no longer renews the lease): when it last did, and until when its
   * lease keeps the next pass out (null: its process on the server's machine is gone, and the next takes it over).
   */
  stoppedPass: { lastRenewedAt: string; heldUntil: string | null } | null
}
export type State = {
  /** The plan's platforms this server's passes search: none on a plan without platforms (starter by default). */
  onPlan: number
  /**
   * What the Sources page lists under In use (docs/console.md#sources): searched here or read as a stream for one of
   * the team's keywords; for a team with no keyword, the platforms ready for one, which that page lists instead.
   */
  usable: string[]
  /** The plan's platforms this server's passes or streams can use, whatever the keywords. */
  ready: string[]
  /** Usable sources whose last search or stream read failed, with the latest failure first. */
  failing: Source[]
  /** Usable sources not searched nor read yet: neither a success nor a failure recorded. */
  untried: string[]
  /**
   * When every usable source is read as a stream (no pass searches any), those that have answered and not failed
   * since: they match new posts as they come. Empty while a pass has a source to search.
   */
  streaming: string[]
  keyless: string[]
  keywords: string[]
  profiles: number
  polling: Polling
}

export async function readState(): Promise<State> {
  const [sources, keywords, profiles, polling] = await Promise.all([
    api<TeamSources>('GET', '/sources'),
    api<{ keywords: string[] }>('GET', '/keywords'),
    api<{ profiles: unknown[] }>('GET', '/icp-profiles'),
    api<Polling>('GET', '/polling'),
  ])
  // Polled sources only: the earlier route's own networks are never searched by a pass.
  const polled = sources.platforms.filter((p) => p.inPlan && !p.earlierRouteOnly)
  const ready = sources.platforms.filter((p) => p.ready)
  const usable = sources.keywords === 0 ? ready : sources.platforms.filter((p) => p.searched)
  return {
    onPlan: polled.length,
    usable: usable.map((p) => p.platform),
    ready: ready.map((p) => p.platform),
    failing: usable
      .filter(failingNow)
      .sort((a, b) => ((a.lastFailureAt as string) < (b.lastFailureAt as string) ? 1 : -1)),
    untried: usable.filter((p) => p.lastSuccessAt === null && p.lastFailureAt === null).map((p) => p.platform),
    streaming: usable.every((p) => p.mode === 'stream')
      ? usable.filter((p) => p.lastSuccessAt !== null && !failingNow(p)).map((p) => p.platform)
      : [],
    keyless: polled.filter((p) => p.keyless).map((p) => p.platform),
    keywords: keywords.keywords,
    profiles: profiles.profiles.length,
    polling,
  }
}
