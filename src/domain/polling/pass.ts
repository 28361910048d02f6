import { mapLimited } from '../../lib/map-limited'
import { budgetReservations } from '../budgets/reservation'
import type { RulesPool } from '../../scorers/rules/pool'
import { byCursorKey } from './cursor'
import { drainPending } from './pending'
import { planSearches } from './plan'
import { pollTarget } from './search'
import { newPass, type PassDeps } from './state'
import type { PassSummary } from './summary'
import { pollTargets } from './targets'

export type PassOptions = {
  /** Only the searches of this team's keywords (docs/operations.md#schedule). */
  teamId?: string
  /** Shutdown or a lost lease: the pass stops at its next safe point. */
  stop: AbortSignal
  /** The rules scorer's worker threads to use instead of the pass's own. */
  rulesPool?: RulesPool
  /** Platforms not searched: `serve` streams them (docs/streams.md). */
  skip?: ReadonlySet<string>
}

/**
 * One keyword-polling pass (docs/operations.md#what-a-pass-does): score what earlier passes left queued, search each
 * tracked keyword once per platform as far as the platform's budget pace allows (the others wait for a later pass,
 * docs/platforms.md#budgets), and score every new (team, mention) pair with the team's own profiles, keeping
 * the qualified ones as signals. Polling is the service's own work: no team's quota is spent.
 *
 * Safety: the cursor moves only in the transaction that stores what it covers (signals, and the queue for what was not
 * scored), and a queued mention leaves the queue in the transaction that stores its signal, so a crash anywhere loses
 * nothing and duplicates nothing (the unique (team, platform, post id) index backs that up). One pass at a time is
 * the caller's part (jobs/poll-pass.ts holds a lease).
 */
export async function pollPass(deps: PassDeps, a: PassOptions): Promise<PassSummary> {
  const startedAt = deps.clock.now().toISOString()
  const scorer = deps.scoring.batch({ rulesPool: a.rulesPool })
  // On a database file the pass's pages are stored from a thread of their own (docs/performance.md#the-polling-writer).
  const writer = deps.repos.polling.openWriter()
  const pass = newPass(deps, a.stop, scorer, writer.store)
  // The budget's requests, charged a block at a time (docs/performance.md#budgets-in-blocks); what is unsent is given
  // back.
  let budget: ReturnType<typeof budgetReservations> | undefined
  try {
    await drainPending(pass, a.teamId)
    pass.cursors = byCursorKey(await deps.repos.polling.cursors())
    const { run, waiting, requests } = await planSearches(deps, await pollTargets(deps, a.teamId, a.skip), pass.cursors)
    budget = budgetReservations({ ...deps, budgets: deps.repos.platformBudgets }, requests)
    pass.charge = budget.charge
    for (const [platform, n] of waiting) pass.counters.of(platform).deferred += n
    pass.deferrals.load(await deps.repos.platformHealth.list())
    await mapLimited(run, deps.config.polling.concurrency, (t) =>
      a.stop.aborted ? Promise.resolve() : pollTarget(pass, t),
    )
    await pass.pages.settled()
    for (const [platform, n] of await deps.repos.polling.pendingCounts(a.teamId)) pass.counters.of(platform).pending = n
  } finally {
    // A failed step leaves the other pages to finish before the scorer goes (their failure is not the first).
    await pass.pages.settled().catch(() => {})
    scorer.close()
    // Not given back, the rest stays counted as spent until the window ends: the safe side, so the pass goes on.
    await budget?.release().catch((err) => deps.log.warn('poll_budget_give_back_failed', { err }))
    await writer.close()
  }
  return pass.counters.summary({
    outcome: a.stop.aborted ? 'stopped' : 'completed',
    startedAt,
    finishedAt: deps.clock.now().toISOString(),
    scorerUnavailable: scorer.unavailable(),
  })
}
