import type { Needs } from '../needs'
import type { Intent } from '../../scorers/types'
import type { PageRow, SignalFilter } from '../../storage/repos/signals'
import type { Caller } from '../core/caller'
import type { TeamRow } from '../../storage/repos/teams'
import { charged } from '../quota/charge'
import { identityKey } from '../../storage/repos/people-profiles'

type SignalListQuery = Omit<SignalFilter, 'withDismissed'> & {
  limit: number
  offset: number
  content: 'preview' | 'full'
  /** docs/api.md#feedback: `dismissed` adds the signals judged not relevant. */
  include?: 'dismissed'
}

/**
 * docs/api.md#order-and-paging: sorted by score, then publishedAt (both descending), then id; `contentFull` only with
 * content=full.
 */
export async function listSignals(
  deps: Needs<'config' | 'clock', 'signals' | 'usage' | 'usageDays'>,
  caller: Caller,
  q: SignalListQuery,
  signal?: AbortSignal,
) {
  // `signal` (an MCP call's bound) ends a wait for units held by calls in flight.
  const { result, usage } = await charged(deps, caller, () => readSignals(deps, caller.team, q), signal)
  return { ...result, usage }
}

/** A page of the team's signals without charging for it (the console reads the same pages). */
export async function readSignals(deps: Needs<never, 'signals'>, team: TeamRow, q: SignalListQuery) {
  const full = q.content === 'full'
  const filter: SignalFilter = {
    keyword: q.keyword,
    intent: q.intent,
    platform: q.platform,
    minScore: q.minScore,
    since: q.since,
    withDismissed: q.include === 'dismissed',
  }
  const [rows, total] = await Promise.all([
    deps.repos.signals.page(team.id, filter, { limit: q.limit, offset: q.offset, full, version: team.signalsVersion }),
    deps.repos.signals.total(team.id, team.signalsVersion, filter),
  ])
  return { signals: signalsOf(rows, full), total, limit: q.limit, offset: q.offset }
}

// A remembered page (storage/repos/signals/cache.ts) is the same array on every request that reads it: its signals
// are built once and shared, never changed (not frozen: freezing them and writing frozen objects cost 5-10 µs a page),
// and their JSON is then written once too (http/signals/page-answer.ts).
const built = new WeakMap<PageRow[], SignalOut[]>()

function signalsOf(rows: PageRow[], full: boolean): SignalOut[] {
  let out = built.get(rows)
  if (!out) {
    out = rows.map((r) => signalOf(r, full))
    built.set(rows, out)
  }
  return out
}

// Field by field, in the documented order (wire/signals.ts), so the answer reads the same whether or not
// server.check_responses checks it.
const signalOf = (r: PageRow, full: boolean) => ({
  id: r.id,
  author: r.author,
  platform: r.platform,
  intent: r.intent as Intent,
  score: r.score,
  reason: r.reason,
  icpMatch: r.icpMatch,
  content: r.preview,
  ...(full ? { contentFull: r.contentFull } : {}),
  url: r.url,
  keyword: r.keyword,
  publishedAt: r.publishedAt,
  detectedAt: r.detectedAt,
  verdict: r.verdict ?? null,
  dismissed: r.dismissed,
  personId: r.personId,
})
type SignalOut = ReturnType<typeof signalOf>

/**
 * The console's page (docs/console.md#the-signals-page): each signal with the profile address its platform gave for
 * the author, kept on the person (docs/people.md), for the author's link; absent where none was kept. Whether it is
 * dismissed comes with the list itself (docs/api.md#signals). The cached signals are shared (signalsOf), so each is
 * copied, never changed.
 */
export async function readConsoleSignals(deps: Needs<never, 'signals' | 'people'>, team: TeamRow, q: SignalListQuery) {
  const page = await readSignals(deps, team, q)
  const profiles = await deps.repos.people.profilesOf(team.id, page.signals)
  return {
    ...page,
    signals: page.signals.map((s) => {
      const profileUrl = profiles.get(identityKey(s))
      return profileUrl ? { ...s, profileUrl } : s
    }),
  }
}

/** docs/console.md#triage: how many signals the team got after `after`, the viewer's previous visit. */
export async function newSignalCount(deps: Needs<never, 'signals'>, team: TeamRow, after: string) {
  return { count: await deps.repos.signals.countDetectedAfter(team.id, after) }
}
