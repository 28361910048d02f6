import { api } from './api'

// What the Getting started checklist reads from the server (docs/console.md#getting-started).
type Source = {
  platform: string
  configured: boolean
  inPlan: boolean
  earlierRouteOnly: boolean
  keyless: boolean
  lastSuccessAt: string | null
  lastFailureAt: string | null
  lastError: string | null
}
export type Polling = { enabled: boolean; schedule: string; nextPassAt: string | null; lastPassAt: string | null }
export type State = {
  /** The plan's platforms this server's passes search: none on a plan without platforms (starter by default). */
  onPlan: number
  usable: string[]
  /** Usable sources whose last search or stream read failed, with the latest failure first. */
  failing: Source[]
  keyless: string[]
  keywords: string[]
  profiles: number
  polling: Polling
}

export async function readState(): Promise<State> {
  const [sources, keywords, profiles, polling] = await Promise.all([
    api<{ platforms: Source[] }>('GET', '/sources'),
    api<{ keywords: string[] }>('GET', '/keywords'),
    api<{ profiles: unknown[] }>('GET', '/icp-profiles'),
    api<Polling>('GET', '/polling'),
  ])
  // Polled sources only: the earlier route's own networks are never searched by a pass.
  const polled = sources.platforms.filter((p) => p.inPlan && !p.earlierRouteOnly)
  const usable = polled.filter((p) => p.configured)
  return {
    onPlan: polled.length,
    usable: usable.map((p) => p.platform),
    failing: usable
      .filter((p) => p.lastFailureAt !== null && p.lastFailureAt > (p.lastSuccessAt ?? ''))
      .sort((a, b) => ((a.lastFailureAt as string) < (b.lastFailureAt as string) ? 1 : -1)),
    keyless: polled.filter((p) => p.keyless).map((p) => p.platform),
    keywords: keywords.keywords,
    profiles: profiles.profiles.length,
    polling,
  }
}
