import type { Deps } from '../deps'
import { AppError } from '../errors'
import { signalFromMention } from '../domain/signals/from-mention'
import { FULL_CHARS } from '../domain/signals/limits'
import { truncate } from '../lib/text'
import { mapLimited } from '../lib/map-limited'
import { UpstreamStatusError } from '../platforms/http'
import type { Mention } from '../platforms/types'
import { createRulesPool, type RulesPool } from '../scorers/rules-pool'
import type { IcpProfile, ScoreResult } from '../scorers/types'
import type { Cursor, CursorUpdate, PendingMention } from '../storage/repos/polling'
import type { NewSignal } from '../storage/repos/signals'
import { takeLease } from '../domain/leases/lease'
import { passCounters, type PassSummary } from '../domain/polling/summary'
import { pollTargets, type SearchTarget } from '../domain/polling/targets'

export const POLL_LEASE = 'keyword-polling'
// Pending mentions read per page when a pass picks up what earlier passes left.
const PENDING_PAGE = 500

/**
 * One keyword-polling pass (docs/operations.md#what-a-pass-does): search each tracked keyword once per platform, queue what is new
 * for every team tracking it, score each team's mentions with its own profiles, and keep the qualified ones as
 * signals. Polling is the service's own work: no team's quota is spent.
 *
 * Safety, in order: the database lease keeps a second process from polling at the same time; the queue and the
 * cursor move in one transaction, and each scored mention leaves the queue in the transaction that stores its
 * signal, so a crash anywhere loses nothing and duplicates nothing (the unique (team, platform, post id) index
 * backs that up). `signal` (shutdown) stops the pass between steps; what was fetched stays queued.
 */
export async function runPollPass(
  deps: Deps,
  a: { teamId?: string; signal?: AbortSignal; /** Scores on this pool instead of one of the pass's own. */ rulesPool?: RulesPool } = {},
): Promise<PassSummary> {
  const startedAt = deps.clock.now().toISOString()
  const counters = passCounters()
  const lease = await takeLease(deps, POLL_LEASE, deps.config.polling.lease_seconds * 1000)
  if ('heldBy' in lease) {
    deps.log.info('poll_skipped', { reason: 'another process holds the polling lease' })
    return counters.summary({ outcome: 'skipped', startedAt, finishedAt: startedAt, scorerUnavailable: false })
  }
  const stop = a.signal ? AbortSignal.any([a.signal, lease.lost]) : lease.lost
  // The embedded rules scorer answers on worker threads during a pass (other scorers are remote: nothing to gain).
  const ownPool = deps.scoring.scorerName === 'rules' && !a.rulesPool ? createRulesPool() : undefined
  const pool = deps.scoring.scorerName === 'rules' ? (a.rulesPool ?? ownPool) : undefined
  const pass = createPass(deps, counters, stop, pool)
  try {
    await pass.drainPending(a.teamId)
    const targets = await pollTargets(deps, a.teamId)
    await pass.loadState()
    await mapLimited(targets, deps.config.polling.concurrency, (t) => (stop.aborted ? Promise.resolve() : pass.poll(t)))
    for (const [platform, n] of await deps.repos.polling.pendingCounts(a.teamId)) counters.of(platform).pending = n
  } finally {
    ownPool?.close()
    await lease.release()
  }
  return counters.summary({
    outcome: stop.aborted ? 'stopped' : 'completed', startedAt, finishedAt: deps.clock.now().toISOString(),
    scorerUnavailable: pass.scorerUnavailable(),
  })
}

function createPass(deps: Deps, counters: ReturnType<typeof passCounters>, stop: AbortSignal, pool?: RulesPool) {
  const { repos, config, log } = deps
  const nowIso = () => deps.clock.now().toISOString()
  let cursors = new Map<string, Cursor>()
  // Per platform, the time before which it is not called again (a rate-limit answer), or "this pass" after a failure.
  const notBefore = new Map<string, number>()
  const icpsOf = new Map<string, Promise<IcpProfile[]>>()
  let scorerDown = false

  const profiles = (teamId: string) => {
    let p = icpsOf.get(teamId)
    if (!p) icpsOf.set(teamId, (p = repos.icpProfiles.list(teamId)))
    return p
  }

  /** A score; `failed` when the scorer could not answer; `skipped` when it was not asked (down, or stopping). */
  async function scoreOne(m: PendingMention): Promise<ScoreResult | 'failed' | 'skipped'> {
    if (scorerDown || stop.aborted) return 'skipped'
    try {
      return await deps.scoring.score(m.teamId, { content: scoredText(m), keyword: m.keyword, icps: await profiles(m.teamId) }, stop)
    } catch (err) {
      if (stop.aborted) return 'skipped'
      // The scorer is down (and fallback is "none"): asking again for every mention would only wait out each timeout.
      if (err instanceof AppError && err.kind === 'scorer_unavailable') scorerDown = true
      else log.warn('poll_scoring_failed', { platform: m.platform, err })
      return 'failed'
    }
  }

  /** The whole batch on the rules pool; one by one through the scoring service if the pool cannot answer. */
  async function scoreOnPool(rules: RulesPool, queued: PendingMention[]): Promise<(ScoreResult | 'skipped' | 'failed')[]> {
    if (stop.aborted) return queued.map(() => 'skipped')
    const inputs = await Promise.all(queued.map(async (m) => ({ content: scoredText(m), keyword: m.keyword, icps: await profiles(m.teamId) })))
    try {
      return await rules.score(inputs)
    } catch (err) {
      log.warn('rules_pool_failed', { err })
      return mapLimited(queued, config.scorer.concurrency, scoreOne)
    }
  }

  /** Scores a batch: which mentions were scored, which failed, and the signals of those that qualified. */
  async function scoreBatch(batch: PendingMention[]) {
    const results = pool ? await scoreOnPool(pool, batch) : await mapLimited(batch, config.scorer.concurrency, scoreOne)
    const detectedAt = nowIso()
    const scored: PendingMention[] = []
    const failed: PendingMention[] = []
    const signals: NewSignal[] = []
    batch.forEach((m, i) => {
      const score = results[i]
      if (score === 'skipped') return
      if (score === 'failed') return failed.push(m)
      scored.push(m)
      if (score.score >= config.scorer.qualify_threshold) {
        signals.push(signalFromMention({ teamId: m.teamId, keyword: m.keyword, mention: m.mention, score, detectedAt }))
      }
    })
    return { scored, failed, signals }
  }

  /** Stores a scored batch (and, when given, the cursor) in one transaction, then counts it. */
  async function store(b: { scored: PendingMention[]; signals: NewSignal[] }, cursor?: CursorUpdate) {
    const created = await repos.polling.complete(b.signals, b.scored, cursor)
    for (const m of b.scored) counters.of(m.platform).scored++
    for (const platform of created) counters.of(platform).qualified++
  }

  /** Scores queued mentions and moves them to signals or off the queue; those not scored stay for the next pass. */
  async function scoreAndStore(queued: PendingMention[]) {
    if (queued.length === 0) return
    const batch = await scoreBatch(queued)
    await store(batch)
    if (batch.failed.length) await repos.polling.noteAttempts(batch.failed)
  }

  /**
   * The embedded rules scorer cannot be down, so a page skips the queue: scored first, then its signals and the
   * cursor in one transaction (a crash before it leaves the cursor where it was: the page is fetched again). Only
   * when the pass stops halfway are the unscored mentions queued, with the cursor.
   */
  async function scoreAndStorePage(rows: PendingMention[], cursor: CursorUpdate, fetchedAt: string) {
    const batch = await scoreBatch(rows)
    if (batch.scored.length === rows.length) return store(batch, cursor)
    await store(batch)
    const done = new Set(batch.scored)
    await repos.polling.enqueue(rows.filter((r) => !done.has(r)), fetchedAt, cursor)
  }

  /** After a failed search: which of the platform's other searches still make sense in this pass. */
  function deferPlatform(target: SearchTarget, err: unknown) {
    // The search runner stored the rate-limit answer's retry time in source health; later passes read it from there.
    const retryAfterSec = err instanceof AppError ? err.extra.retryAfterSec : undefined
    if (retryAfterSec !== undefined) return notBefore.set(target.platform, deps.clock.now().getTime() + retryAfterSec * 1000)
    // A refusal of this one query (a 4xx other than 429) says nothing about the platform's other keywords; anything
    // else (rate limit, 5xx, timeout, unreachable) would fail them too, so they wait for the next pass.
    const queryOnly = err instanceof UpstreamStatusError && err.status >= 400 && err.status < 500 && err.status !== 429
    if (!queryOnly) notBefore.set(target.platform, Number.POSITIVE_INFINITY)
  }

  return {
    scorerUnavailable: () => scorerDown,

    async loadState() {
      cursors = await repos.polling.cursors()
      for (const h of await repos.platformHealth.list()) if (h.retryAt) notBefore.set(h.platform, Date.parse(h.retryAt))
    },

    /** Mentions earlier passes fetched but could not score (scorer down, process stopped). */
    async drainPending(teamId?: string) {
      let after: PendingMention | undefined
      while (!stop.aborted && !scorerDown) {
        const page = await repos.polling.pendingPage({ teamId, after, limit: PENDING_PAGE })
        if (page.length === 0) return
        await scoreAndStore(page)
        after = page[page.length - 1]
      }
    },

    async poll(target: SearchTarget) {
      const counts = counters.of(target.platform)
      if ((notBefore.get(target.platform) ?? 0) > deps.clock.now().getTime()) {
        counts.deferred++
        return
      }
      counts.searches++
      let mentions: Mention[]
      try {
        mentions = await deps.searches.search(target.platform, target.keyword, config.polling.limit)
      } catch (err) {
        counts.failed++
        log.warn('poll_search_failed', { platform: target.platform, err })
        deferPlatform(target, err)
        return
      }
      counts.fetched += mentions.length
      const key = repos.polling.cursorKey(target.platform, target.keywordLc)
      const cursor = cursors.get(key)
      const fresh = cursor ? mentions.filter((m) => isNewer(m, cursor)) : mentions
      counts.new += fresh.length
      const fetchedAt = nowIso()
      // A team that started tracking the keyword after the last pass has seen none of it yet. Post by post, each
      // post's teams in a row: the rules scorer reads a post once and judges it for each team.
      const late = target.teams.filter((t) => !cursor || t.trackedSince > cursor.polledAt)
      const isFresh = new Set(fresh)
      const rows = mentions.flatMap((mention) => (isFresh.has(mention) ? target.teams : late).map((t) => (
        { teamId: t.teamId, platform: target.platform, postId: mention.id, keyword: t.keyword, mention, attempts: 0 })))
      const next = advance(target, cursor, mentions, fetchedAt)
      cursors.set(key, next)
      if (pool) return scoreAndStorePage(rows, next, fetchedAt)
      const queued = await repos.polling.enqueue(rows, fetchedAt, next)
      const isQueued = new Set(queued.map((k) => `${k.teamId}\u0000${k.postId}`))
      await scoreAndStore(rows.filter((r) => isQueued.has(`${r.teamId}\u0000${r.postId}`)))
    },
  }
}

/**
 * A post is scored on the text its signal keeps (the first 4,000 characters): the reason then quotes only what the
 * team can read, and a very long post costs no more than that.
 */
const scoredText = (m: PendingMention) => truncate(m.mention.content, FULL_CHARS)

/** Published after the cursor, or at its very time but not one of the posts it had seen then. */
function isNewer(m: Mention, cursor: Cursor): boolean {
  if (cursor.newestAt === null || m.date > cursor.newestAt) return true
  return m.date === cursor.newestAt && !cursor.newestIds.includes(m.id)
}

function advance(target: SearchTarget, cursor: Cursor | undefined, mentions: Mention[], polledAt: string): CursorUpdate {
  let newestAt = cursor?.newestAt ?? null
  let newestIds = cursor?.newestIds ?? []
  for (const m of mentions) {
    if (newestAt === null || m.date > newestAt) {
      newestAt = m.date
      newestIds = [m.id]
    } else if (m.date === newestAt && !newestIds.includes(m.id)) {
      newestIds = [...newestIds, m.id]
    }
  }
  return { platform: target.platform, keywordLc: target.keywordLc, newestAt, newestIds, polledAt }
}
