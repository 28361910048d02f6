import type { PassSummary } from './summary'

type HealthRow = { platform: string; retryAt: string | null; lastError: string | null; failingSince: string | null }

/**
 * docs/operations.md#pass-summary: the platforms a pass sent nothing to because a wait was kept for them, one line
 * each: until when, why the search was refused, and, while the platform is failing, the refusal that asked (source
 * health's lastError: a spent YouTube quota names its reason and its midnight Pacific reset). The count "deferred"
 * alone did not say which platform waited, why or how long, so a second poll --once looked like a silent failure.
 */
export function heldLines(summary: PassSummary, health: HealthRow[]): string[] {
  const rows = new Map(health.map((h) => [h.platform, h]))
  const lines: string[] = []
  for (const [platform, c] of Object.entries(summary.platforms)) {
    if (c.searches > 0 || c.deferred === 0) continue
    const h = rows.get(platform)
    const stored = h?.retryAt && h.retryAt > summary.finishedAt ? { until: h.retryAt, why: '' } : undefined
    const held = summary.held[platform] ?? stored
    if (!held) continue
    const searches = c.deferred === 1 ? 'its one search waits' : `all ${c.deferred} searches wait`
    const why = held.why ? ` (${held.why})` : ''
    const asked = h?.failingSince && h.lastError ? `; the refusal that asked: ${h.lastError}` : ''
    lines.push(`${platform}: ${searches} until ${held.until}, not sent${why}${asked}`)
  }
  return lines
}

/** After a failed search's line: until when its rate limit holds the platform, when it named a wait. */
export const until = (summary: PassSummary, platform: string) => {
  const held = summary.held[platform]
  return held ? `; nothing is sent to it before ${held.until}` : ''
}
