import { getOrAdd } from '../../lib/get-or-add'
import type { UnresolvedName } from '../../platforms/unresolved-name'
/** What a pass did on one platform. */
type PlatformCounts = {
  /** Searches sent upstream. */
  searches: number
  /** Mentions those searches returned. */
  fetched: number
  /** Of those, the ones no earlier pass had seen. */
  new: number
  /** (team, mention) pairs scored, including mentions left pending by earlier passes. */
  scored: number
  /** Pairs the triage kept from a model scorer: not sent, not signals (docs/scoring.md#triage). */
  triaged: number
  /** Pairs of an author the team forgot (docs/people.md#forget): dropped unscored, never stored. */
  forgotten: number
  /** Signals created. */
  qualified: number
  /** (team, mention) pairs still waiting for the scorer at the end of the pass. */
  pending: number
  /** Searches that failed (retried on a later pass). */
  failed: number
  /**
   * Searches not sent: the platform asked us to wait, failed earlier in this pass, or its budget leaves them for later.
   */
  deferred: number
}

export type PassSummary = {
  /** `skipped`: another pass held the lease; `stopped`: shutdown or a lost lease ended it at a safe point. */
  outcome: 'completed' | 'stopped' | 'skipped'
  startedAt: string
  finishedAt: string
  scorerUnavailable: boolean
  platforms: Record<string, PlatformCounts>
  totals: PlatformCounts
  /**
   * Per platform with a failed search, the log event that told its last failure: `poll_search_failed`, or the one
   * that said more (`platform_unreachable`, `platform_login_limited`) where the pass logged none of its own.
   */
  failuresLoggedAs: Record<string, string>
  /**
   * Per platform whose last failed search could not look up a name: the name, and the setting that holds it (null:
   * none does), for the line under `poll --once`'s table (docs/operations.md#when-a-pass-finds-nothing).
   */
  unresolved: Record<string, UnresolvedName>
  /**
   * Per platform whose last search failed naming a wait (a rate limit), or was refused unsent because a wait was kept
   * for it (a rate limit met by this or another process, its budget spent): until when, and the refusal's words, for
   * the lines under `poll --once`'s table.
   */
  held: Record<string, { until: string; why: string }>
}

const zero = (): PlatformCounts => ({
  searches: 0,
  fetched: 0,
  new: 0,
  scored: 0,
  triaged: 0,
  forgotten: 0,
  qualified: 0,
  pending: 0,
  failed: 0,
  deferred: 0,
})

/** Counters of a pass in progress, per platform. */
export function passCounters() {
  const byPlatform = new Map<string, PlatformCounts>()
  const loggedAs = new Map<string, string>()
  const unresolved = new Map<string, UnresolvedName>()
  const held = new Map<string, { until: string; why: string }>()
  const sorted = <T>(m: Map<string, T>) => Object.fromEntries([...m].sort(([x], [y]) => x.localeCompare(y)))
  return {
    of: (platform: string): PlatformCounts => getOrAdd(byPlatform, platform, zero),
    /** A failed search of `platform` was told in the log as `event` (PassSummary.failuresLoggedAs). */
    toldIn: (platform: string, event: string) => void loggedAs.set(platform, event),
    /** A failed search of `platform` could not look up a name (PassSummary.unresolved); undefined: it could. */
    unresolved: (platform: string, name: UnresolvedName | undefined) =>
      void (name ? unresolved.set(platform, name) : unresolved.delete(platform)),
    /** A search of `platform` was refused unsent until `until` (PassSummary.held). */
    heldUntil: (platform: string, until: string, why: string) => void held.set(platform, { until, why }),
    summary(a: Omit<PassSummary, 'platforms' | 'totals' | 'failuresLoggedAs' | 'unresolved' | 'held'>): PassSummary {
      const totals = zero()
      for (const c of byPlatform.values())
        for (const k of Object.keys(totals) as (keyof PlatformCounts)[]) totals[k] += c[k]
      const names = sorted(unresolved)
      const platforms = sorted(byPlatform)
      return { ...a, platforms, totals, failuresLoggedAs: sorted(loggedAs), unresolved: names, held: sorted(held) }
    },
  }
}

/** The summary of a pass that did not run: another process held the lease. */
export const skippedPass = (at: string): PassSummary =>
  passCounters().summary({ outcome: 'skipped', startedAt: at, finishedAt: at, scorerUnavailable: false })

const COLUMNS: (keyof PlatformCounts)[] = [
  'searches',
  'fetched',
  'new',
  'scored',
  'triaged',
  'forgotten',
  'qualified',
  'pending',
  'failed',
  'deferred',
]

/** The summary as `poll --once` prints it: one line of outcome, then a table per platform. */
export function formatSummary(s: PassSummary): string {
  if (s.outcome === 'skipped') return 'poll: skipped, another process is polling this database'
  const head =
    `poll: ${s.outcome} in ${Date.parse(s.finishedAt) - Date.parse(s.startedAt)} ms` +
    (s.scorerUnavailable ? '; the scorer could not answer, unscored mentions stay pending' : '')
  const rows = [
    ['platform', ...COLUMNS],
    ...Object.entries(s.platforms).map(([p, c]) => [p, ...COLUMNS.map((k) => String(c[k]))]),
    ['total', ...COLUMNS.map((k) => String(s.totals[k]))],
  ]
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)))
  return [
    head,
    ...rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')),
    ...(s.totals.deferred > 0
      ? [
          'deferred: searches not sent in this pass (the platform asked to wait, failed earlier, or its budget is spent)',
        ]
      : []),
  ].join('\n')
}
